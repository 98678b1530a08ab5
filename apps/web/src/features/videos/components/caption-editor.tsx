import type { CaptionCue } from '@banksia/contracts/videos';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatDuration } from './caption-state';

/** Seconds as WebVTT's hh:mm:ss.mmm. */
function timestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor((ms % 3_600_000) / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))}.${pad(ms % 1000, 3)}`;
}

/** The cues as a WebVTT file (blank lines inside a caption would end it, so they are dropped). */
export function cuesToVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map(
    (c, i) => `${i + 1}\n${timestamp(c.start)} --> ${timestamp(c.end)}\n${c.text.trim().replace(/\n\s*\n/g, '\n')}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

interface CaptionEditorProps {
  videoUrl: string;
  videoTitle: string;
  initialCues: readonly CaptionCue[];
  saving: boolean;
  /** Problems the server found, one per line ("Line 6: …"). */
  problems: string[];
  onSave: (vtt: string) => void;
  onCancel: () => void;
}

/**
 * Edits captions beside their video: each caption's start, end and text; the caption playing now is highlighted
 * and shown under the video. "Start here" / "End here" take the video's current time.
 */
export function CaptionEditor({
  videoUrl,
  videoTitle,
  initialCues,
  saving,
  problems,
  onSave,
  onCancel,
}: CaptionEditorProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [cues, setCues] = useState<CaptionCue[]>(() => initialCues.map((c) => ({ ...c })));
  const [now, setNow] = useState(0);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const tick = () => setNow(el.currentTime);
    el.addEventListener('timeupdate', tick);
    el.addEventListener('seeked', tick);
    return () => {
      el.removeEventListener('timeupdate', tick);
      el.removeEventListener('seeked', tick);
    };
  }, []);

  const playing = useMemo(() => cues.findIndex((c) => now >= c.start && now < c.end), [cues, now]);
  const update = (i: number, patch: Partial<CaptionCue>) =>
    setCues((old) => old.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const add = () => {
    const start = Math.round(now * 1000) / 1000;
    const next: CaptionCue = { start, end: start + 2, text: '' };
    setCues((old) => [...old, next].sort((a, b) => a.start - b.start));
  };
  const invalid = cues.some((c) => !(c.end > c.start) || !c.text.trim());

  return (
    <Paper withBorder p="md" aria-labelledby="caption-editor-heading">
      <Title order={2} size="h4" id="caption-editor-heading" mb="sm">
        Edit captions: {videoTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="xs" style={{ position: 'sticky', top: 0, alignSelf: 'start' }}>
          <video
            ref={video}
            src={videoUrl}
            controls
            style={{ width: '100%', background: '#000' }}
            aria-label={`Video: ${videoTitle}`}
          />
          <Text size="sm" aria-live="polite">
            {formatDuration(now)} · {playing >= 0 ? `Caption ${playing + 1}: ${cues[playing]!.text}` : 'No caption now'}
          </Text>
          <Button variant="default" onClick={add}>
            Add a caption at {formatDuration(now)}
          </Button>
        </Stack>
        <Stack gap="sm">
          {cues.length === 0 && <Text c="dimmed">No captions yet: play the video and add the first one.</Text>}
          {cues.map((cue, i) => (
            <Paper
              key={i}
              withBorder
              p="xs"
              bg={i === playing ? 'var(--mantine-color-yellow-light)' : undefined}
              aria-label={`Caption ${i + 1}`}
              component="fieldset"
              style={{ margin: 0 }}
            >
              <Group gap="xs" align="flex-end" wrap="wrap">
                <NumberInput
                  label={`Caption ${i + 1} start (seconds)`}
                  value={cue.start}
                  onChange={(v) => update(i, { start: Number(v) || 0 })}
                  min={0}
                  step={0.1}
                  decimalScale={3}
                  w={170}
                />
                <Button size="xs" variant="subtle" onClick={() => update(i, { start: Math.round(now * 1000) / 1000 })}>
                  Start here
                </Button>
                <NumberInput
                  label={`Caption ${i + 1} end (seconds)`}
                  value={cue.end}
                  onChange={(v) => update(i, { end: Number(v) || 0 })}
                  min={0}
                  step={0.1}
                  decimalScale={3}
                  w={170}
                  error={cue.end > cue.start ? undefined : 'Ends before it starts'}
                />
                <Button size="xs" variant="subtle" onClick={() => update(i, { end: Math.round(now * 1000) / 1000 })}>
                  End here
                </Button>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Play caption ${i + 1}`}
                  onClick={() => {
                    if (!video.current) return;
                    video.current.currentTime = cue.start;
                    void video.current.play().catch(() => undefined);
                  }}
                >
                  <IconPlayerPlay size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove caption ${i + 1}`}
                  onClick={() => setCues((old) => old.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              <Textarea
                label={`Caption ${i + 1} text`}
                value={cue.text}
                onChange={(e) => update(i, { text: e.currentTarget.value })}
                autosize
                minRows={1}
                mt={4}
                error={cue.text.trim() ? undefined : 'Write the caption'}
              />
            </Paper>
          ))}
          {problems.length > 0 && (
            <Alert color="red" title="The captions were not saved">
              <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Close the editor
            </Button>
            <Button
              loading={saving}
              disabled={invalid || cues.length === 0}
              onClick={() => onSave(cuesToVtt([...cues].sort((a, b) => a.start - b.start)))}
            >
              Save captions
            </Button>
          </Group>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
