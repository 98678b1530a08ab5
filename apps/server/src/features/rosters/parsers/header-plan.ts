import { baseName, guessDelimiter, headerKey, sniffText, type TextSniff } from './csv-input';
import { parse as parseSync } from 'csv-parse/sync';
import {
  rosterFields,
  type AliasTable,
  type FileKind,
  type HeaderMappedFormat,
  type RosterField,
} from './header-fields';
import { RosterFileError, type RosterInputFile } from './types';

/** Planning a header-mapped file before its rows are read: its kind, delimiter and which column is which field. */

export const fieldLabel: Record<RosterField, string> = {
  student_code: 'student code',
  first_name: 'first name',
  last_name: 'last name',
  full_name: 'name',
  email: 'email',
  year_level: 'year level',
  class_code: 'class code',
  class_title: 'class title',
  subject: 'subject',
  teacher_code: 'teacher code',
  teacher_name: 'teacher name',
  teacher_first_name: 'teacher first name',
  teacher_last_name: 'teacher last name',
  teacher_email: 'teacher email',
  current: 'current',
};

export interface PlannedFile {
  file: RosterInputFile;
  sniff: TextSniff;
  delimiter: string;
  headers: string[];
  /** Column index of each field. */
  columns: Partial<Record<RosterField, number>>;
  kind: FileKind;
  /** No header row: the columns are the format's documented order. */
  headerless: boolean;
  /** The header's line (0 when headerless); lines before it are a title and are skipped. */
  headerLine: number;
}

function aliasIndex(aliases: AliasTable): Map<string, RosterField> {
  const index = new Map<string, RosterField>();
  for (const field of rosterFields) {
    for (const alias of aliases[field] ?? []) {
      const key = headerKey(alias);
      if (!index.has(key)) index.set(key, field);
    }
  }
  return index;
}

function kindFromColumns(columns: Partial<Record<RosterField, number>>): FileKind | null {
  if (columns.student_code !== undefined && columns.class_code !== undefined) return 'enrolments';
  if (columns.class_code !== undefined) return 'classes';
  if (columns.student_code !== undefined) return 'students';
  if (columns.teacher_code !== undefined) return 'teachers';
  return null;
}

function kindFromName(name: string): FileKind | null {
  const n = baseName(name).toLowerCase();
  if (/staff|teacher/.test(n)) return 'teachers';
  if (/enrol|lesson|course|timetable/.test(n)) return 'enrolments';
  if (/student|pupil/.test(n)) return 'students';
  if (/class|subject/.test(n)) return 'classes';
  return null;
}

export async function planFile(file: RosterInputFile, format: HeaderMappedFormat): Promise<PlannedFile> {
  const sniff = await sniffText(file);
  if (sniff.blank) throw new RosterFileError(`${file.name} is empty.`, 'file', file.name);
  const index = aliasIndex(format.aliases);
  const readLine = (text: string) => {
    const delimiter = guessDelimiter(text);
    try {
      const cells = (parseSync(text, { delimiter, relax_quotes: true, trim: true, bom: true }) as string[][])[0] ?? [];
      return { delimiter, cells };
    } catch {
      return null;
    }
  };
  const isBare = (key: string) => Boolean(format.bareCode) && (key === 'code' || key === 'id');
  // The header is the first of the first ten lines naming two known columns: exports may start with a title line
  // ("Class list 2027") or Excel's "sep=," line. Failing that, the first line.
  const lines = sniff.head.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  type HeaderLine = { line: number; delimiter: string; cells: string[] };
  let chosen: HeaderLine | null = null;
  let first: HeaderLine | null = null;
  for (let i = 0, seen = 0; i < lines.length && seen < 10; i++) {
    const text = lines[i] ?? '';
    if (text.trim() === '') continue;
    seen++;
    const parsed = readLine(text);
    if (!parsed) continue;
    first ??= { line: i + 1, ...parsed };
    const known = parsed.cells.filter((c) => index.has(headerKey(c)) || isBare(headerKey(c))).length;
    if (known >= 2) {
      chosen = { line: i + 1, ...parsed };
      break;
    }
  }
  chosen ??= first;
  if (!chosen) {
    throw new RosterFileError(`${file.name}: the first line is not a readable header row.`, 'file', file.name);
  }
  const delimiter = chosen.delimiter;
  let headers = chosen.cells;
  let headerLine = chosen.line;
  let columns: Partial<Record<RosterField, number>> = {};
  const bare: number[] = [];
  const mapHeaders = () => {
    columns = {};
    headers.forEach((h, i) => {
      const key = headerKey(h);
      if (isBare(key)) {
        bare.push(i);
        return;
      }
      const field = index.get(key);
      if (field && columns[field] === undefined) columns[field] = i;
    });
  };
  mapHeaders();
  const named = format.kindByName?.(file.name) ?? null;
  const documented = named ? format.documentedColumns?.[named] : undefined;
  const headerless = Object.keys(columns).length === 0 && bare.length === 0 && documented !== undefined;
  if (headerless) {
    headers = [...documented];
    headerLine = 0;
    mapHeaders();
  }
  let kind = format.fixedKind ?? named ?? kindFromColumns(columns);
  if (bare.length && format.bareCode) {
    const byName = kind ?? kindFromName(file.name) ?? 'students';
    const codeField: RosterField =
      byName === 'teachers' ? 'teacher_code' : byName === 'classes' ? 'class_code' : 'student_code';
    if (columns[codeField] === undefined && bare[0] !== undefined) columns[codeField] = bare[0];
    kind ??= kindFromColumns(columns) ?? byName;
  }
  kind ??= kindFromName(file.name);
  if (!kind) {
    throw new RosterFileError(
      `${file.name}: no column looks like a student, teacher or class code (the header is "${headers.join(', ')}").`,
      'file',
      file.name,
    );
  }
  return { file, sniff, delimiter, headers, columns, kind, headerless, headerLine };
}

/** The field a column feeds in a file of this kind (in a staff list, "First name" is the teacher's). */
export function shownField(field: RosterField, kind: FileKind): RosterField {
  if (kind !== 'teachers') return field;
  const asTeacher: Partial<Record<RosterField, RosterField>> = {
    first_name: 'teacher_first_name',
    last_name: 'teacher_last_name',
    full_name: 'teacher_name',
    email: 'teacher_email',
  };
  return asTeacher[field] ?? field;
}

export function requireColumns(plan: PlannedFile, studentsListed: boolean): void {
  const need: RosterField[][] = [];
  const c = plan.columns;
  const hasNames = (c.first_name !== undefined && c.last_name !== undefined) || c.full_name !== undefined;
  if (plan.kind === 'enrolments') {
    need.push(['student_code'], ['class_code']);
    if (!studentsListed && !hasNames) need.push(c.first_name === undefined ? ['first_name'] : ['last_name']);
  }
  if (plan.kind === 'students') {
    need.push(['student_code']);
    if (!hasNames) need.push(c.first_name === undefined ? ['first_name'] : ['last_name']);
  }
  if (plan.kind === 'teachers') need.push(['teacher_code']);
  if (plan.kind === 'classes') need.push(['class_code']);
  const missing = need.filter((fields) => fields.every((f) => c[f] === undefined)).map((f) => f[0] as RosterField);
  if (missing.length) {
    const names = missing.map((f) => fieldLabel[f]).join(' and ');
    throw new RosterFileError(
      `${plan.file.name} has no column for the ${names} (its header is "${plan.headers.join(', ')}").`,
      'file',
      plan.file.name,
    );
  }
}
