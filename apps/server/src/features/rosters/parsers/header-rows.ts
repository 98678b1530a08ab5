import { looksLikeEmail, parseYearLevel, readCsvRows, splitFullName, type ReadBudget } from './csv-input';
import type { HeaderMappedFormat, RosterField } from './header-fields';
import { fieldLabel, type PlannedFile } from './header-plan';
import type { RosterBuilder } from './roster-builder';
import { RosterFileError, type RosterPerson } from './types';

/** Reading the rows of a planned header-mapped file into the roster. */

interface Context {
  studentsListed: boolean;
  teachersListed: boolean;
  /** Codes of students marked not current, whose enrolment rows are skipped. */
  inactive: Set<string>;
  unknownTeachers: Set<string>;
}

const NOT_CURRENT = new Set(['n', 'no', '0', 'false', 'f', 'inactive', 'left']);

export async function readPlannedFile(
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
    const r = rowReader(plan, row, builder);
    if (plan.kind === 'students') readStudentRow(r, builder, context);
    else if (plan.kind === 'teachers') readTeacherRow(r, plan, builder);
    else readClassRow(r, plan, format, builder, context);
  }
  if (!seen) throw new RosterFileError(`${fileName} is empty.`, 'file', fileName);
}

type RowReader = ReturnType<typeof rowReader>;

/** One row's cells by field, and its values read and checked (a bad value is reported against its header). */
function rowReader(plan: PlannedFile, row: { line: number; cells: string[] }, builder: RosterBuilder) {
  const fileName = plan.file.name;
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
  return { cell, error, at, names, year, email, personFrom };
}

/** A row of a students file. */
function readStudentRow(r: RowReader, builder: RosterBuilder, context: Context): void {
  const code = r.cell('student_code');
  if (!code) {
    r.error('student_code', 'The student code is missing.');
    return;
  }
  if (NOT_CURRENT.has(r.cell('current').toLowerCase())) {
    context.inactive.add(code);
    return;
  }
  const person = r.personFrom(code, 'student', true);
  if (!person) return;
  const yearLevel = r.year();
  builder.addStudent(withoutUndefined({ ...person, yearLevel }));
}

/** A row of a teachers file. */
function readTeacherRow(r: RowReader, plan: PlannedFile, builder: RosterBuilder): void {
  const code = r.cell('teacher_code');
  if (!code) {
    r.error('teacher_code', 'The teacher code is missing.');
    return;
  }
  // In a staff list the plain name columns are the teacher's.
  let { firstName, lastName } = r.names('first_name', 'last_name', 'full_name');
  if (!firstName && !lastName)
    ({ firstName, lastName } = r.names('teacher_first_name', 'teacher_last_name', 'teacher_name'));
  if (!lastName) {
    r.error(plan.columns.last_name !== undefined ? 'last_name' : 'teacher_last_name', 'The last name is missing.');
    return;
  }
  const teacherEmail = plan.columns.email !== undefined ? r.email('email') : r.email('teacher_email');
  builder.addTeacher(withoutUndefined({ code, firstName, lastName, email: teacherEmail, ...r.at }));
}

/** The class's teacher named on a class or enrolment row, if any. */
function addClassTeacher(r: RowReader, code: string, builder: RosterBuilder, context: Context): void {
  const teacherCode = r.cell('teacher_code');
  if (!teacherCode) return;
  const named = r.personFrom(teacherCode, 'teacher', false);
  if (named === null) return;
  if (named) builder.addTeacher(withoutUndefined(named));
  else if (!builder.teacher(teacherCode)) {
    // Once per teacher, not on every row of their classes.
    if (context.unknownTeachers.has(teacherCode)) return;
    context.unknownTeachers.add(teacherCode);
    r.error(
      'teacher_code',
      context.teachersListed
        ? `The teacher ${teacherCode} is not in the staff file; the teacher's classes are read without them.`
        : `The teacher ${teacherCode} has no name in this file; the teacher's classes are read without them.`,
    );
    return;
  }
  builder.addEnrolment({ classCode: code, personCode: teacherCode, role: 'teacher', ...r.at });
}

/** A row of a classes file, or of an enrolments file (a student in a class). */
function readClassRow(
  r: RowReader,
  plan: PlannedFile,
  format: HeaderMappedFormat,
  builder: RosterBuilder,
  context: Context,
): void {
  const classCode = r.cell('class_code');
  if (!classCode) {
    r.error('class_code', 'The class code is missing.');
    return;
  }
  if (plan.kind === 'classes') {
    builder.addClass(
      withoutUndefined({
        code: classCode,
        title: r.cell('class_title') || undefined,
        subject: r.cell('subject') || undefined,
        yearLevel: r.year(),
        ...r.at,
      }),
    );
    addClassTeacher(r, classCode, builder, context);
    return;
  }
  // Enrolments.
  const studentCode = r.cell('student_code');
  if (!studentCode) {
    r.error('student_code', 'The student code is missing.');
    return;
  }
  if (context.inactive.has(studentCode)) return;
  const yearLevel = r.year();
  if (context.studentsListed) {
    if (!builder.student(studentCode)) {
      r.error('student_code', `The student ${studentCode} is not in the students file; the row is skipped.`);
      return;
    }
  } else {
    const person = r.personFrom(studentCode, 'student', true);
    if (!person) return;
    builder.addStudent(withoutUndefined({ ...person, yearLevel }));
  }
  builder.addClass(
    withoutUndefined({
      code: classCode,
      title: r.cell('class_title') || undefined,
      subject: r.cell('subject') || undefined,
      yearLevel: format.enrolmentYearIsClassYear ? yearLevel : undefined,
      ...r.at,
    }),
  );
  builder.addEnrolment({ classCode, personCode: studentCode, role: 'student', ...r.at });
  addClassTeacher(r, classCode, builder, context);
}

/** Drops keys whose value is undefined (exactOptionalPropertyTypes-friendly records). */
function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}
