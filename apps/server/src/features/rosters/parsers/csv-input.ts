/**
 * Reading roster files as schools export them: UTF-8 with or without a byte-order mark, Windows-1252 (what Excel
 * writes on Australian Windows machines) or UTF-16 with a BOM; CRLF, LF or CR line ends; quoted fields holding
 * commas and line breaks. Rows are streamed through csv-parse and each carries the physical line it starts on.
 *
 * Shared by the Timetabler, TimeChart, FirstClass, Griddle and OneRoster parsers (not by Edval's, which has its own).
 */
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import {
  ROSTER_MAX_ROWS,
  ROSTER_MAX_UPLOAD_BYTES,
  RosterFileError,
  type ParseOptions,
  type RosterInputFile,
} from './types';

export type TextEncoding = 'utf8' | 'win1252' | 'utf16le' | 'utf16be';

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Counts what one upload consumes (bytes after decompression, data rows) and refuses it past the limits. */
export class ReadBudget {
  bytes = 0;
  rows = 0;

  constructor(
    readonly totalBytes: number,
    private readonly onProgress?: ParseOptions['onProgress'],
  ) {}

  addBytes(n: number, file: string): void {
    this.bytes += n;
    if (this.bytes > ROSTER_MAX_UPLOAD_BYTES) {
      throw new RosterFileError(
        `The upload is larger than ${mb(ROSTER_MAX_UPLOAD_BYTES)} once read (at ${file}). Split it into smaller files.`,
        'file',
        file,
      );
    }
    this.onProgress?.(Math.min(this.bytes, this.totalBytes), this.totalBytes);
  }

  addRow(file: string): void {
    this.rows += 1;
    if (this.rows > ROSTER_MAX_ROWS) {
      throw new RosterFileError(
        `The upload has more than ${ROSTER_MAX_ROWS.toLocaleString('en-AU')} rows (at ${file}); split it by year level.`,
        'file',
        file,
      );
    }
  }
}

/** A budget for the files of one upload (their sizes are the progress bar's total). */
export function budgetFor(files: RosterInputFile[], options?: ParseOptions): ReadBudget {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  return new ReadBudget(total, options?.onProgress);
}

/** The file's last path segment (zip entries keep their folder in `name`). */
export function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}

/** Refuses a file whose declared size is already over the limit, before reading a byte of it. */
export function checkDeclaredSize(file: RosterInputFile): void {
  if (file.size > ROSTER_MAX_UPLOAD_BYTES) {
    throw new RosterFileError(
      `${file.name} is ${mb(file.size)}; an upload may be at most ${mb(ROSTER_MAX_UPLOAD_BYTES)}.`,
      'file',
      file.name,
    );
  }
}

/** Reads a file's bytes whole (zips and JSON/XML documents), at most ROSTER_MAX_UPLOAD_BYTES. */
export async function readBytes(file: RosterInputFile): Promise<Buffer> {
  checkDeclaredSize(file);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.read()) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buf.length;
    if (size > ROSTER_MAX_UPLOAD_BYTES) {
      throw new RosterFileError(
        `${file.name} is larger than ${mb(ROSTER_MAX_UPLOAD_BYTES)}; split it into smaller files.`,
        'file',
        file.name,
      );
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

export interface TextSniff {
  encoding: TextEncoding;
  /** The first ~16 KB of the text, decoded (for the header line, the delimiter or the format). */
  head: string;
  /** True when the file holds only whitespace. */
  blank: boolean;
}

const HEAD_CHARS = 16 * 1024;

function bomEncoding(first: Buffer): TextEncoding | null {
  if (first[0] === 0xff && first[1] === 0xfe) return 'utf16le';
  if (first[0] === 0xfe && first[1] === 0xff) return 'utf16be';
  return null;
}

/**
 * First pass over a file: is it valid UTF-8 (with or without a BOM)? Otherwise it is read as Windows-1252, which
 * maps every byte to a character, so "Zoë" saved by Excel as the single byte 0xEB comes out right.
 */
export async function sniffText(file: RosterInputFile): Promise<TextSniff> {
  checkDeclaredSize(file);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  let size = 0;
  let headBytes = Buffer.alloc(0);
  let bom: TextEncoding | null = null;
  let first = true;
  let blank = true;
  for await (const chunk of file.read()) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buf.length;
    if (size > ROSTER_MAX_UPLOAD_BYTES) {
      throw new RosterFileError(
        `${file.name} is larger than ${mb(ROSTER_MAX_UPLOAD_BYTES)}; split it into smaller files.`,
        'file',
        file.name,
      );
    }
    if (first) {
      bom = bomEncoding(buf);
      first = false;
    }
    if (headBytes.length < HEAD_CHARS * 2) headBytes = Buffer.concat([headBytes, buf]).subarray(0, HEAD_CHARS * 2);
    if (blank && /[^\s\uFEFF\u00BB\u00BF\u00EF\u00FE\u00FF]/.test(buf.toString('latin1').replace(/\0/g, ''))) {
      blank = false;
    }
    if (valid && !bom) {
      try {
        utf8.decode(buf, { stream: true });
      } catch {
        valid = false;
      }
    }
  }
  if (valid && !bom) {
    try {
      utf8.decode();
    } catch {
      valid = false;
    }
  }
  const encoding: TextEncoding = bom ?? (valid ? 'utf8' : 'win1252');
  // iconv-lite strips a leading BOM for the utf8/utf16 decoders.
  const head = iconv.decode(headBytes, encoding).slice(0, HEAD_CHARS);
  return { encoding, head, blank: blank || head.replace(/^\uFEFF/, '').trim() === '' };
}

/** Decodes a whole buffer with the same rules as sniffText (for JSON and XML documents). */
export function decodeBuffer(bytes: Buffer): string {
  const bom = bomEncoding(bytes);
  if (bom) return iconv.decode(bytes, bom);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return iconv.decode(bytes, 'win1252');
  }
}

/** The first non-blank line of a text, outside quotes (the header of a CSV file). */
export function firstLine(text: string): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  return lines.find((l) => l.trim() !== '') ?? '';
}

/** Picks the delimiter of a delimited text file from its header line: tab, semicolon or (by default) comma. */
export function guessDelimiter(header: string): string {
  const unquoted = header.replace(/"[^"]*"/g, '');
  const count = (ch: string) => unquoted.split(ch).length - 1;
  const candidates: Array<[string, number]> = [
    [',', count(',')],
    ['\t', count('\t')],
    [';', count(';')],
    ['|', count('|')],
  ];
  const [best] = candidates.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/** Turns CRLF and lone CR into LF so csv-parse counts lines right (it miscounts CRLF inside quoted fields). */
class LineEnds extends Transform {
  private pendingCr = false;

  constructor() {
    super({ decodeStrings: false, encoding: 'utf8' });
  }

  override _transform(chunk: string | Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let text = (this.pendingCr ? '\r' : '') + chunk.toString();
    this.pendingCr = text.endsWith('\r');
    if (this.pendingCr) text = text.slice(0, -1);
    done(null, text.replace(/\r\n?/g, '\n'));
  }

  override _flush(done: TransformCallback): void {
    done(null, this.pendingCr ? '\n' : '');
  }
}

class ByteCounter extends Transform {
  constructor(
    private readonly budget: ReadBudget,
    private readonly file: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      this.budget.addBytes(chunk.length, this.file);
      done(null, chunk);
    } catch (error) {
      done(error as Error);
    }
  }
}

export interface CsvRow {
  /** 1-based physical line the record starts on. */
  line: number;
  /** Trimmed cells. */
  cells: string[];
}

export interface CsvReadOptions {
  budget: ReadBudget;
  sniff?: TextSniff;
  /** Defaults to a guess from the header line. */
  delimiter?: string;
  /** The first record is a header (not counted against ROSTER_MAX_ROWS); default true. */
  headerRow?: boolean;
}

/**
 * Streams the records of a delimited text file. Blank lines and lines of empty cells are skipped; every other
 * record (the header included) is yielded with the line it starts on and counted against ROSTER_MAX_ROWS except the
 * header. A broken file (a quote never closed) is a RosterFileError naming the line.
 */
export async function* readCsvRows(file: RosterInputFile, options: CsvReadOptions): AsyncGenerator<CsvRow> {
  const sniff = options.sniff ?? (await sniffText(file));
  if (sniff.blank) throw new RosterFileError(`${file.name} is empty.`, 'file', file.name);
  const delimiter = options.delimiter ?? guessDelimiter(firstLine(sniff.head));
  let lastLine = 0;
  const parser = parse({
    delimiter,
    record_delimiter: '\n',
    info: true,
    raw: true,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    // Runs as records are parsed (ahead of the consumer), so a broken quote can be placed after the last good record.
    on_record: (record, context) => {
      lastLine = context.lines;
      return record;
    },
  });
  const source = file.read();
  const counter = new ByteCounter(options.budget, file.name);
  const decoder = iconv.decodeStream(sniff.encoding);
  const lineEnds = new LineEnds();
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    parser.destroy(error);
  };
  for (const stream of [source, counter, decoder, lineEnds]) stream.on('error', fail);
  source.pipe(counter).pipe(decoder).pipe(lineEnds).pipe(parser);

  let headerSeen = options.headerRow === false;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; raw: string; info: { lines: number } }>) {
      const inner = item.raw.replace(/^\n+/, '').replace(/\n$/, '');
      const line = item.info.lines - (inner.split('\n').length - 1);
      if (item.record.every((c) => c === '')) continue;
      if (headerSeen) options.budget.addRow(file.name);
      headerSeen = true;
      yield { line, cells: item.record };
    }
  } catch (error) {
    const cause = failure ?? error;
    if (cause instanceof RosterFileError) throw cause;
    if (cause instanceof CsvError) {
      throw new RosterFileError(
        `${file.name} is not valid CSV: a quoted field that starts on line ${lastLine + 1} or later is never closed.`,
        'file',
        file.name,
      );
    }
    throw cause;
  } finally {
    source.destroy();
  }
}

/** A file held in memory (a zip entry) as a RosterInputFile. */
export function memoryFile(name: string, bytes: Buffer): RosterInputFile {
  return { name, size: bytes.length, read: () => Readable.from([bytes]) };
}

/** Lower-case letters and digits only: "Student Code", "student_code" and "STUDENTCODE" compare equal. */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const YEAR_WORDS: Record<string, number> = {
  k: 0,
  kg: 0,
  kin: 0,
  kindy: 0,
  kinder: 0,
  kindergarten: 0,
  prep: 0,
  p: 0,
  f: 0,
  foundation: 0,
  r: 0,
  reception: 0,
  tk: 0,
};

/**
 * A year level from what exports write: "9", "09", "Year 9", "Yr 10", "Y7", "K"/"Kindergarten"/"Prep" (0).
 * Returns null for anything else (a row error for the caller); 0–13 only.
 */
export function parseYearLevel(value: string): number | null {
  const v = value.trim().toLowerCase();
  if (v in YEAR_WORDS) return YEAR_WORDS[v] ?? null;
  const match = /^(?:year|yr|y|grade|gr|g)?\s*0*(\d{1,2})$/.exec(v);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 0 && n <= 13 ? n : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A loose email check: exports carry school addresses; a value that is clearly not one is a row error. */
export function looksLikeEmail(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * Splits one "name" cell into first and last names: "Smith, Jane" → Jane / Smith; "Ms Jane Smith" → Jane / Smith;
 * "Jane van der Berg" → Jane / van der Berg is not guessed: the last word is the last name ("Berg").
 */
export function splitFullName(value: string): { firstName: string; lastName: string } {
  const v = value.trim().replace(/\s+/g, ' ');
  if (v.includes(',')) {
    const [last, ...rest] = v.split(',');
    return { firstName: rest.join(',').trim(), lastName: (last ?? '').trim() };
  }
  const words = v.split(' ').filter((w) => !/^(mr|mrs|ms|miss|dr|mx)\.?$/i.test(w));
  if (words.length <= 1) return { firstName: '', lastName: words[0] ?? '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] ?? '' };
}
