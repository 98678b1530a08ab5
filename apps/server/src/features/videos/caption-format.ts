import type { CaptionCue } from '@banksia/contracts/videos';
import webvtt from 'webvtt-parser';

/**
 * Caption files: WebVTT is checked by webvtt-parser (the W3C validator's parser, with line numbers); SubRip (SRT)
 * is turned into WebVTT line for line (a header, then `,` → `.` in timings) and checked the same way, with line
 * numbers mapped back to the SRT file.
 */

export interface ParsedCaptions {
  /** The captions as WebVTT, as stored and served. */
  vtt: string;
  cues: CaptionCue[];
}

export interface CaptionProblem {
  line: number;
  message: string;
}

/** Lines added in front of an SRT file to make it WebVTT. */
const SRT_HEADER = ['WEBVTT', ''];
/** An SRT timing line: `00:00:01,000 --> 00:00:04,000`. */
const SRT_TIMING = /^(\s*\d+:\d{2}:\d{2})[,.](\d{3}\s*-->\s*\d+:\d{2}:\d{2})[,.](\d{3}.*)$/;

export function srtToVtt(srt: string): string {
  const lines = srt.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  const converted = lines.map((line) => {
    const m = SRT_TIMING.exec(line);
    return m ? `${m[1]}.${m[2]}.${m[3]}` : line;
  });
  return [...SRT_HEADER, ...converted].join('\n');
}

/** Parses captions; answers the WebVTT and cues, or the problems found (1-based lines of the file as given). */
export function parseCaptions(
  text: string,
  format: 'vtt' | 'srt',
): { ok: true; value: ParsedCaptions } | { ok: false; problems: CaptionProblem[] } {
  const vtt = format === 'srt' ? srtToVtt(text) : text.replace(/\r\n|\r/g, '\n');
  const shift = format === 'srt' ? SRT_HEADER.length : 0;
  const result = new webvtt.WebVTTParser().parse(vtt, 'metadata');
  const problems: CaptionProblem[] = result.errors.map((e) => ({
    line: Math.max(1, e.line - shift),
    message: format === 'srt' ? e.message.replace('("."', '(","') : e.message,
  }));
  if (!problems.length && result.cues.length === 0) problems.push({ line: 1, message: 'The file has no captions.' });
  if (problems.length) {
    const seen = new Set<string>();
    return {
      ok: false,
      problems: problems
        .filter((p) => {
          const k = `${p.line}:${p.message}`;
          return seen.has(k) ? false : (seen.add(k), true);
        })
        .sort((a, b) => a.line - b.line)
        .slice(0, 50),
    };
  }
  const cues = result.cues.map((c) => ({ start: c.startTime, end: c.endTime, text: c.text }));
  return { ok: true, value: { vtt: cuesToVtt(cues), cues } };
}

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** WebVTT of cues, numbered from 1 (the form every stored caption file takes). */
export function cuesToVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map(
    (c, i) => `${i + 1}\n${timestamp(c.start)} --> ${timestamp(c.end)}\n${c.text.trim().replace(/\n\s*\n/g, '\n')}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
