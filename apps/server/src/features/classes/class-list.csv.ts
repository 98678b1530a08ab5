import { CLASS_LIST_COLUMNS, CLASS_LIST_MAX_BYTES, CLASS_LIST_MAX_ROWS } from '@banksia/contracts/classes';
import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { AppError } from '../../platform/errors';

/** A data row of a class list, with what is wrong with it on its own (before looking at accounts). */
export interface ClassListLine {
  /** The row's line in the file (the header is line 1). */
  line: number;
  first_name: string;
  last_name: string;
  /** Trimmed and lower-cased. */
  email: string;
  errors: string[];
}

const NAME_MAX = 100;
const EMAIL_MAX = 254;
const emailSchema = z.email();

function fileError(message: string): AppError {
  return new AppError('validation_failed', message, { errors: { csv: [message] } });
}

/**
 * Reads a class list: UTF-8 CSV, a header row naming first_name, last_name and email (any order, any case; other
 * columns ignored), at most CLASS_LIST_MAX_ROWS students and CLASS_LIST_MAX_BYTES bytes. Blank lines are skipped.
 * A file it cannot read is a 400 on `csv`; each row carries its own errors (missing field, bad email, duplicate).
 */
export function parseClassList(text: string): ClassListLine[] {
  if (Buffer.byteLength(text, 'utf8') > CLASS_LIST_MAX_BYTES) {
    throw fileError('The file is larger than 1 MB. Split the class list into smaller files.');
  }
  if (text.includes('\uFFFD')) throw fileError('The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? ` near line ${error.lines}` : '';
      throw fileError(`The file is not valid CSV${line}: check for an unclosed quote.`);
    }
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw fileError('The file is empty. It needs a header row and one row per student.');
  const names = header.record.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const index = Object.fromEntries(CLASS_LIST_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof CLASS_LIST_COLUMNS)[number],
    number
  >;
  const missing = CLASS_LIST_COLUMNS.filter((c) => index[c] < 0);
  if (missing.length) {
    throw fileError(
      `The first row must be a header naming the columns first_name, last_name and email; missing: ${missing.join(', ')}.`,
    );
  }
  if (data.length === 0) throw fileError('The file has a header but no students.');
  if (data.length > CLASS_LIST_MAX_ROWS) {
    throw fileError(`The file lists ${data.length} students; at most ${CLASS_LIST_MAX_ROWS} fit in one upload.`);
  }

  const firstLineOf = new Map<string, number>();
  return data.map(({ record, info }) => {
    const cell = (i: number) => (record[i] ?? '').trim();
    const row: ClassListLine = {
      line: info.lines,
      first_name: cell(index.first_name),
      last_name: cell(index.last_name),
      email: cell(index.email).toLowerCase(),
      errors: [],
    };
    if (!row.first_name) row.errors.push('First name is missing.');
    else if (row.first_name.length > NAME_MAX) row.errors.push(`First name is longer than ${NAME_MAX} characters.`);
    if (!row.last_name) row.errors.push('Last name is missing.');
    else if (row.last_name.length > NAME_MAX) row.errors.push(`Last name is longer than ${NAME_MAX} characters.`);
    if (!row.email) row.errors.push('Email is missing.');
    else if (row.email.length > EMAIL_MAX || !emailSchema.safeParse(row.email).success) {
      row.errors.push('Email is not a valid email address.');
    } else {
      const first = firstLineOf.get(row.email);
      if (first !== undefined) row.errors.push(`This email is also on line ${first}.`);
      else firstLineOf.set(row.email, row.line);
    }
    return row;
  });
}
