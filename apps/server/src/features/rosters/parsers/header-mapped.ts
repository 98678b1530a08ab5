/**
 * The engine behind the delimited-text formats (Timetabler before 9, TimeChart, FirstClass, Griddle): each file has
 * a header row; each header is matched to a roster field through a table of aliases, so column order and extra
 * columns do not matter. A file is one of four kinds, decided by its columns (or fixed by the format):
 *
 * - enrolments: a row per student per class (student code + class code), optionally with the student's names,
 *   year and email, the class's subject and the class's teacher;
 * - students: a row per student; teachers: a row per teacher; classes: a row per class (and its teacher).
 *
 * Files are read students → teachers → classes → enrolments, so enrolment rows can be checked against the lists.
 */
import { parse as parseSync } from 'csv-parse/sync';
import {
  baseName,
  budgetFor,
  guessDelimiter,
  headerKey,
  looksLikeEmail,
  parseYearLevel,
  readCsvRows,
  sniffText,
  splitFullName,
  type ReadBudget,
  type TextSniff,
} from './csv-input';
import { RosterBuilder } from './roster-builder';
import { expandZips } from './zip-input';
import {
  RosterFileError,
  type ParseOptions,
  type ParsedRoster,
  type RosterInputFile,
  type RosterPerson,
  type RosterSource,
} from './types';

export const rosterFields = [
  'student_code',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'year_level',
  'class_code',
  'class_title',
  'subject',
  'teacher_code',
  'teacher_name',
  'teacher_first_name',
  'teacher_last_name',
  'teacher_email',
  'current',
] as const;
export type RosterField = (typeof rosterFields)[number];

export type FileKind = 'enrolments' | 'students' | 'teachers' | 'classes';

/** Header aliases, written as people write them; compared after headerKey() (case, spaces, punctuation ignored). */
export type AliasTable = Partial<Record<RosterField, string[]>>;

/** Aliases most CSV exports of school systems use. */
export const commonAliases: AliasTable = {
  student_code: [
    'Student code',
    'Student ID',
    'Student number',
    'Student no',
    'Stu code',
    'StudentCode',
    'Student_ID',
    'ID number',
  ],
  first_name: ['First name', 'Given name', 'Given names', 'Firstname', 'Forename', 'Preferred name', 'First'],
  last_name: ['Last name', 'Surname', 'Family name', 'Lastname', 'Last'],
  full_name: ['Name', 'Full name', 'Student name'],
  email: ['Email', 'Email address', 'E-mail', 'Student email', 'Mail'],
  year_level: ['Year', 'Year level', 'Year group', 'Grade', 'Yr', 'Cohort', 'School year level'],
  class_code: ['Class code', 'Class', 'Class ID', 'Class name', 'Teaching group', 'Class group', 'Group', 'Set'],
  class_title: ['Class title', 'Class description', 'Description', 'Title'],
  subject: ['Subject', 'Subject name', 'Course', 'Course name', 'Subject description', 'Course description'],
  teacher_code: ['Teacher code', 'Teacher ID', 'Staff code', 'Staff ID', 'Teacher'],
  teacher_name: ['Teacher name', 'Teacher full name', 'Staff name'],
  teacher_first_name: ['Teacher first name', 'Teacher given name', 'Staff first name'],
  teacher_last_name: ['Teacher last name', 'Teacher surname', 'Staff surname', 'Staff last name'],
  teacher_email: ['Teacher email', 'Staff email', 'Teacher email address'],
  current: ['Current', 'Active', 'Enrolled'],
};

export interface HeaderMappedFormat {
  source: RosterSource;
  aliases: AliasTable;
  /** Every file is this kind (formats that are one class list); otherwise decided per file. */
  fixedKind?: FileKind;
  /** Kinds the upload must contain (a missing one is a RosterFileError). */
  requiredKinds: FileKind[];
  /** Decide a file's kind from its name before its columns (TimeChart's Students/Staff/Courses). */
  kindByName?: (name: string) => FileKind | null;
  /** A bare "Code" header means the code of the file's kind (Timetabler's text exports). */
  bareCode?: boolean;
  /** The year on an enrolment row is the class's year level too (TimeChart's Courses.csv). */
  enrolmentYearIsClassYear?: boolean;
  /** Return the header → field mapping for the uploader to confirm. */
  showMapping: boolean;
  /** How the format's files are described in messages ("the Courses file"). */
  kindLabel?: Partial<Record<FileKind, string>>;
  /**
   * The documented column order of each kind of file: a file whose first row names none of the known columns is
   * read as data in this order (exports written without a header row).
   */
  documentedColumns?: Partial<Record<FileKind, string[]>>;
}

const fieldLabel: Record<RosterField, string> = {
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

interface PlannedFile {
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

async function planFile(file: RosterInputFile, format: HeaderMappedFormat): Promise<PlannedFile> {
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
function shownField(field: RosterField, kind: FileKind): RosterField {
  if (kind !== 'teachers') return field;
  const asTeacher: Partial<Record<RosterField, RosterField>> = {
    first_name: 'teacher_first_name',
    last_name: 'teacher_last_name',
    full_name: 'teacher_name',
    email: 'teacher_email',
  };
  return asTeacher[field] ?? field;
}

function requireColumns(plan: PlannedFile, studentsListed: boolean): void {
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

const KIND_ORDER: FileKind[] = ['students', 'teachers', 'classes', 'enrolments'];

/** Parses an upload of one header-mapped format. */
export async function parseHeaderMapped(
  format: HeaderMappedFormat,
  input: RosterInputFile[],
  options?: ParseOptions,
): Promise<ParsedRoster> {
  if (input.length === 0) throw new RosterFileError('Choose at least one file.', 'file');
  const files = await expandZips(input);
  const plans: PlannedFile[] = [];
  for (const file of files) plans.push(await planFile(file, format));
  for (const kind of format.requiredKinds) {
    if (!plans.some((p) => p.kind === kind)) {
      const label = format.kindLabel?.[kind] ?? `a file of ${kind}`;
      throw new RosterFileError(`The upload has no ${label}.`, 'file');
    }
  }
  const studentsListed = plans.some((p) => p.kind === 'students');
  const teachersListed = plans.some((p) => p.kind === 'teachers');
  for (const plan of plans) requireColumns(plan, studentsListed);
  plans.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));

  const builder = new RosterBuilder(format.source);
  const budget = budgetFor(files, options);
  const inactive = new Set<string>();
  for (const plan of plans) {
    if (format.showMapping) {
      builder.addMapping({
        file: plan.file.name,
        columns: plan.headers.map((header, i) => {
          const field = (Object.entries(plan.columns) as Array<[RosterField, number]>).find(([, col]) => col === i);
          return { header, field: field ? shownField(field[0], plan.kind) : null };
        }),
      });
    }
    await readPlannedFile(plan, format, builder, budget, {
      studentsListed,
      teachersListed,
      inactive,
      unknownTeachers: new Set(),
    });
  }
  if (builder.rows === 0) {
    throw new RosterFileError('The upload has header rows but no data rows.', 'file');
  }
  return builder.result();
}

interface Context {
  studentsListed: boolean;
  teachersListed: boolean;
  /** Codes of students marked not current, whose enrolment rows are skipped. */
  inactive: Set<string>;
  unknownTeachers: Set<string>;
}

const NOT_CURRENT = new Set(['n', 'no', '0', 'false', 'f', 'inactive', 'left']);

async function readPlannedFile(
  plan: PlannedFile,
  format: HeaderMappedFormat,
  builder: RosterBuilder,
  budget: ReadBudget,
  context: Context,
): Promise<void> {
  const fileName = plan.file.name;
  let seen = false;
  const rows = readCsvRows(plan.file, {
    budget,
    sniff: plan.sniff,
    delimiter: plan.delimiter,
    headerRow: !plan.headerless,
  });
  for await (const row of rows) {
    seen = true;
    if (row.line <= plan.headerLine) continue;
    builder.rows += 1;
    const cell = (field: RosterField) => {
      const i = plan.columns[field];
      return i === undefined ? '' : (row.cells[i] ?? '').trim();
    };
    const headerOf = (field: RosterField) => {
      const i = plan.columns[field];
      return i === undefined ? fieldLabel[field] : (plan.headers[i] ?? fieldLabel[field]);
    };
    const error = (field: RosterField, message: string) => builder.error(fileName, row.line, headerOf(field), message);
    const at = { file: fileName, line: row.line };

    const names = (first: RosterField, last: RosterField, full: RosterField) => {
      let firstName = cell(first);
      let lastName = cell(last);
      if (!firstName && !lastName && cell(full)) ({ firstName, lastName } = splitFullName(cell(full)));
      return { firstName, lastName };
    };
    const year = (): number | undefined => {
      const value = cell('year_level');
      if (!value) return undefined;
      const n = parseYearLevel(value);
      if (n === null) {
        error('year_level', `"${value}" is not a year level (use 0–12, K or Kindergarten).`);
        return undefined;
      }
      return n;
    };
    const email = (field: RosterField): string | undefined => {
      const value = cell(field);
      if (!value) return undefined;
      if (!looksLikeEmail(value)) {
        error(field, `"${value}" is not an email address; the row is read without it.`);
        return undefined;
      }
      return value.toLowerCase();
    };
    const personFrom = (
      code: string,
      kind: 'student' | 'teacher',
      required: boolean,
    ): RosterPerson | null | undefined => {
      const { firstName, lastName } =
        kind === 'student'
          ? names('first_name', 'last_name', 'full_name')
          : names('teacher_first_name', 'teacher_last_name', 'teacher_name');
      if (!firstName && !lastName && !required) return undefined;
      if (!lastName) {
        error(kind === 'student' ? 'last_name' : 'teacher_last_name', 'The last name is missing.');
        return null;
      }
      if (!firstName && required) {
        error(kind === 'student' ? 'first_name' : 'teacher_first_name', 'The first name is missing.');
        return null;
      }
      return {
        code,
        firstName,
        lastName,
        ...(kind === 'student' ? { email: email('email') } : { email: email('teacher_email') }),
        ...at,
      };
    };

    if (plan.kind === 'students') {
      const code = cell('student_code');
      if (!code) {
        error('student_code', 'The student code is missing.');
        continue;
      }
      if (NOT_CURRENT.has(cell('current').toLowerCase())) {
        context.inactive.add(code);
        continue;
      }
      const person = personFrom(code, 'student', true);
      if (!person) continue;
      const yearLevel = year();
      builder.addStudent(withoutUndefined({ ...person, yearLevel }));
      continue;
    }

    if (plan.kind === 'teachers') {
      const code = cell('teacher_code');
      if (!code) {
        error('teacher_code', 'The teacher code is missing.');
        continue;
      }
      // In a staff list the plain name columns are the teacher's.
      let { firstName, lastName } = names('first_name', 'last_name', 'full_name');
      if (!firstName && !lastName)
        ({ firstName, lastName } = names('teacher_first_name', 'teacher_last_name', 'teacher_name'));
      if (!lastName) {
        error(plan.columns.last_name !== undefined ? 'last_name' : 'teacher_last_name', 'The last name is missing.');
        continue;
      }
      const teacherEmail = plan.columns.email !== undefined ? email('email') : email('teacher_email');
      builder.addTeacher(withoutUndefined({ code, firstName, lastName, email: teacherEmail, ...at }));
      continue;
    }

    const addClassTeacher = (code: string): void => {
      const teacherCode = cell('teacher_code');
      if (!teacherCode) return;
      const named = personFrom(teacherCode, 'teacher', false);
      if (named === null) return;
      if (named) builder.addTeacher(withoutUndefined(named));
      else if (!builder.teacher(teacherCode)) {
        // Once per teacher, not on every row of their classes.
        if (context.unknownTeachers.has(teacherCode)) return;
        context.unknownTeachers.add(teacherCode);
        error(
          'teacher_code',
          context.teachersListed
            ? `The teacher ${teacherCode} is not in the staff file; the teacher's classes are read without them.`
            : `The teacher ${teacherCode} has no name in this file; the teacher's classes are read without them.`,
        );
        return;
      }
      builder.addEnrolment({ classCode: code, personCode: teacherCode, role: 'teacher', ...at });
    };

    const classCode = cell('class_code');
    if (!classCode) {
      error('class_code', 'The class code is missing.');
      continue;
    }

    if (plan.kind === 'classes') {
      builder.addClass(
        withoutUndefined({
          code: classCode,
          title: cell('class_title') || undefined,
          subject: cell('subject') || undefined,
          yearLevel: year(),
          ...at,
        }),
      );
      addClassTeacher(classCode);
      continue;
    }

    // Enrolments.
    const studentCode = cell('student_code');
    if (!studentCode) {
      error('student_code', 'The student code is missing.');
      continue;
    }
    if (context.inactive.has(studentCode)) continue;
    const yearLevel = year();
    if (context.studentsListed) {
      if (!builder.student(studentCode)) {
        error('student_code', `The student ${studentCode} is not in the students file; the row is skipped.`);
        continue;
      }
    } else {
      const person = personFrom(studentCode, 'student', true);
      if (!person) continue;
      builder.addStudent(withoutUndefined({ ...person, yearLevel }));
    }
    builder.addClass(
      withoutUndefined({
        code: classCode,
        title: cell('class_title') || undefined,
        subject: cell('subject') || undefined,
        yearLevel: format.enrolmentYearIsClassYear ? yearLevel : undefined,
        ...at,
      }),
    );
    builder.addEnrolment({ classCode, personCode: studentCode, role: 'student', ...at });
    addClassTeacher(classCode);
  }
  if (!seen) throw new RosterFileError(`${fileName} is empty.`, 'file', fileName);
}

/** Drops keys whose value is undefined (exactOptionalPropertyTypes-friendly records). */
function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}
