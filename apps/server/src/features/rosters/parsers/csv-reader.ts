/**
 * Shared reading of roster CSV files: encoding detection (UTF-8 with or without a byte-order mark, else
 * Windows-1252), CRLF or LF, quoted fields with commas and line breaks, a header row mapped by name in any order,
 * and each record's physical first line. Streams: memory stays bounded by the largest record, not the file.
 */
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import {
  ROSTER_MAX_ROWS,
  ROSTER_MAX_UPLOAD_BYTES,
  RosterFileError,
  type ParseOptions,
  type RosterInputFile,
} from './types';

export type RosterEncoding = 'utf8' | 'win1252';

/** Reads the whole stream through a fatal UTF-8 decoder: valid UTF-8 (with or without BOM), else Windows-1252. */
export async function detectEncoding(file: RosterInputFile): Promise<RosterEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of file.read()) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf8';
  } catch (error) {
    if (error instanceof TypeError) return 'win1252';
    throw error;
  }
}

/** Header names compared without case, spaces, underscores or punctuation: "First Name" = "first_name". */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export interface CsvRecord {
  /** Values by the field name they map to (only mapped columns). */
  values: Record<string, string>;
  /** 1-based physical first line of the record. */
  line: number;
}

export interface CsvSpec {
  /** field → the accepted header spellings (compared with normaliseHeader). */
  columns: Record<string, readonly string[]>;
  /** Fields whose column must be present, else the file is refused. */
  required: readonly string[];
  /** A short name of the expected format for messages ("an Edval class list"). */
  formatName: string;
}

export interface CsvHeaderInfo {
  /** Each header of the file and the field it feeds (null: ignored). */
  columns: Array<{ header: string; field: string | null }>;
}

function countingStream(total: number, onProgress?: ParseOptions['onProgress']) {
  let read = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      read += chunk.length;
      if (read > ROSTER_MAX_UPLOAD_BYTES) {
        callback(new RosterFileError(`The file is larger than ${ROSTER_MAX_UPLOAD_BYTES / 1024 / 1024} MB.`));
        return;
      }
      onProgress?.(read, total);
      callback(null, chunk);
    },
  });
}

/**
 * Streams a CSV file with a header row, calling `onRecord` for each data record (blank lines skipped). A file that
 * cannot be read as CSV at all, is empty, or lacks a required column is refused with a RosterFileError.
 */
export async function readCsv(
  file: RosterInputFile,
  spec: CsvSpec,
  onRecord: (record: CsvRecord) => void,
  options: ParseOptions = {},
): Promise<CsvHeaderInfo & { rows: number }> {
  if (file.size === 0) throw new RosterFileError(`${file.name} is empty.`, 'file', file.name);
  const encoding = await detectEncoding(file);
  const lookup = new Map<string, string>();
  for (const [field, names] of Object.entries(spec.columns)) {
    for (const name of names) lookup.set(normaliseHeader(name), field);
  }
  let header: Array<string | null> | null = null;
  let info: CsvHeaderInfo = { columns: [] };
  let rows = 0;
  const parser = parse({
    info: true,
    raw: true,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    trim: true,
    max_record_size: 64 * 1024,
  });
  const consumer = new Transform({
    objectMode: true,
    transform(item: { record: string[]; info: { lines: number }; raw: string }, _encoding, callback) {
      const inner = item.raw.replace(/^[\r\n]+|[\r\n]+$/g, '');
      const line = item.info.lines - (inner.match(/\n/g)?.length ?? 0);
      if (!header) {
        header = item.record.map((h) => lookup.get(normaliseHeader(h)) ?? null);
        info = { columns: item.record.map((h, i) => ({ header: h, field: header![i] ?? null })) };
        const missing = spec.required.filter((f) => !header!.includes(f));
        if (missing.length) {
          const names = missing.map((f) => `"${spec.columns[f]![0]}"`).join(', ');
          callback(
            new RosterFileError(
              `${file.name} is not ${spec.formatName}: its first row has no ${names} column.`,
              'file',
              file.name,
            ),
          );
          return;
        }
        callback();
        return;
      }
      rows += 1;
      if (rows > ROSTER_MAX_ROWS) {
        callback(new RosterFileError(`${file.name} has more than ${ROSTER_MAX_ROWS} rows.`, 'file', file.name));
        return;
      }
      const values: Record<string, string> = {};
      header.forEach((field, i) => {
        if (field && values[field] === undefined) values[field] = item.record[i] ?? '';
      });
      onRecord({ values, line });
      callback();
    },
  });
  try {
    await pipeline(
      file.read(),
      countingStream(file.size, options.onProgress),
      iconv.decodeStream(encoding),
      parser,
      consumer,
    );
  } catch (error) {
    if (error instanceof RosterFileError) throw error;
    const message = (error as Error).message;
    throw new RosterFileError(`${file.name} could not be read as CSV (${message}).`, 'file', file.name);
  }
  if (!header) throw new RosterFileError(`${file.name} is empty.`, 'file', file.name);
  return { ...info, rows };
}

/** A year level from "9", "Year 9", "Yr 09", "K" (0) or "" (undefined); NaN when unreadable. */
export function parseYearLevel(value: string | undefined): number | undefined {
  const v = (value ?? '').trim();
  if (!v) return undefined;
  if (/^(k|kindergarten|prep|f|foundation)$/i.test(v)) return 0;
  const m = /^(?:y|yr|year)?\s*0*(\d{1,2})$/i.exec(v);
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return n <= 13 ? n : Number.NaN;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Splits "Smith, John", "Mr J Smith" or "John Smith" into first and last names. */
export function splitFullName(value: string): { firstName: string; lastName: string } {
  const v = value.trim().replace(/\s+/g, ' ');
  if (v.includes(',')) {
    const [last, ...rest] = v.split(',');
    return { firstName: rest.join(',').trim(), lastName: last!.trim() };
  }
  const parts = v.split(' ').filter((p) => !/^(mr|mrs|ms|miss|dr|mx)\.?$/i.test(p));
  if (parts.length <= 1) return { firstName: '', lastName: parts[0] ?? '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts[parts.length - 1]! };
}

/** A file held in memory (tests, and uploads already read). */
export function bufferFile(name: string, content: Buffer | string): RosterInputFile {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, size: bytes.length, read: () => Readable.from([bytes]) };
}
