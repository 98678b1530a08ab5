/**
 * OneRoster 1.1 CSV: a zip (or its files dropped together) with manifest.csv and the data files. Read here:
 *
 * - manifest.csv (propertyName,value): oneroster.version must be 1.1; `file.<name>` says bulk, delta or absent.
 * - users.csv, classes.csv and enrollments.csv are required; orgs.csv and academicSessions.csv are checked (their
 *   required columns and values) when present, and must be present when the manifest lists them as bulk or delta;
 *   courses.csv, when present, gives a class its subject if the class names none.
 * - Codes are the sourcedIds. Users: roles student and teacher (others are not read), enabledUser=false skipped,
 *   email optional, the first of `grades` is a student's year level (KG = 0). Rows with status tobedeleted (delta
 *   files) are not records: such an enrolment is not an enrolment. Enrolments of skipped users or classes are
 *   skipped silently; enrolments naming a user or class the files do not hold are row errors.
 */
import {
  baseName,
  budgetFor,
  headerKey,
  looksLikeEmail,
  parseYearLevel,
  readCsvRows,
  type ReadBudget,
} from './csv-input';
import { RosterBuilder } from './roster-builder';
import { expandZips } from './zip-input';
import {
  RosterFileError,
  type ParseOptions,
  type ParsedRoster,
  type RosterInputFile,
  type RosterParser,
} from './types';

const REQUIRED_COLUMNS = {
  manifest: ['propertyName', 'value'],
  orgs: ['sourcedId', 'name', 'type'],
  users: ['sourcedId', 'enabledUser', 'orgSourcedIds', 'role', 'username', 'givenName', 'familyName'],
  classes: ['sourcedId', 'title', 'courseSourcedId', 'classType', 'schoolSourcedId', 'termSourcedIds'],
  enrollments: ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role'],
  academicSessions: ['sourcedId', 'title', 'type', 'startDate', 'endDate', 'schoolYear'],
  courses: ['sourcedId', 'title'],
} as const;
type OneRosterFile = keyof typeof REQUIRED_COLUMNS;

/** Columns whose value may not be blank on a row (beyond the sourcedId). */
const REQUIRED_VALUES: Partial<Record<OneRosterFile, string[]>> = {
  orgs: ['name', 'type'],
  users: ['role', 'givenName', 'familyName'],
  classes: ['title'],
  enrollments: ['classSourcedId', 'userSourcedId', 'role'],
  academicSessions: ['title', 'type', 'startDate', 'endDate', 'schoolYear'],
  courses: ['title'],
};

interface Row {
  line: number;
  get(column: string): string;
}

type Mode = 'bulk' | 'delta' | 'absent';

async function* readRows(
  file: RosterInputFile,
  kind: OneRosterFile,
  budget: ReadBudget,
  builder: RosterBuilder | null,
): AsyncGenerator<Row> {
  let index: Map<string, number> | null = null;
  for await (const record of readCsvRows(file, { budget, delimiter: ',' })) {
    if (!index) {
      index = new Map(record.cells.map((h, i) => [headerKey(h), i]));
      const missing = REQUIRED_COLUMNS[kind].filter((c) => !index!.has(headerKey(c)));
      if (missing.length) {
        throw new RosterFileError(
          `${file.name} lacks the required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
          'file',
          file.name,
        );
      }
      continue;
    }
    if (builder) builder.rows += 1;
    const cols = index;
    const cells = record.cells;
    yield {
      line: record.line,
      get: (column) => {
        const i = cols.get(headerKey(column));
        return i === undefined ? '' : (cells[i] ?? '').trim();
      },
    };
  }
  if (!index) throw new RosterFileError(`${file.name} is empty.`, 'file', file.name);
}

/** Checks a data row's sourcedId and required values; false (with row errors) when it cannot be read. */
function rowIsComplete(row: Row, kind: OneRosterFile, file: string, builder: RosterBuilder): boolean {
  let ok = true;
  for (const column of ['sourcedId', ...(REQUIRED_VALUES[kind] ?? [])]) {
    if (!row.get(column)) {
      builder.error(file, row.line, column, `${column} is blank.`);
      ok = false;
    }
  }
  return ok;
}

const isDeleted = (row: Row) => row.get('status').toLowerCase() === 'tobedeleted';

export const parseOneRoster: RosterParser = async (input, options?: ParseOptions): Promise<ParsedRoster> => {
  if (input.length === 0) throw new RosterFileError('Choose the OneRoster zip file.', 'file');
  const files = await expandZips(input);
  const byKind = new Map<OneRosterFile, RosterInputFile>();
  for (const file of files) {
    const key = baseName(file.name)
      .toLowerCase()
      .replace(/\.csv$/, '');
    const kind = (Object.keys(REQUIRED_COLUMNS) as OneRosterFile[]).find((k) => k.toLowerCase() === key);
    if (kind) byKind.set(kind, file);
  }
  const manifestFile = byKind.get('manifest');
  if (!manifestFile) {
    throw new RosterFileError(
      'This is not a OneRoster 1.1 CSV export: it has no manifest.csv.',
      'file',
      input[0]?.name,
    );
  }
  const budget = budgetFor(files, options);
  const builder = new RosterBuilder('oneroster');

  const manifest = new Map<string, string>();
  for await (const row of readRows(manifestFile, 'manifest', budget, null)) {
    manifest.set(row.get('propertyName').toLowerCase(), row.get('value'));
  }
  const version = manifest.get('oneroster.version');
  if (version !== '1.1') {
    throw new RosterFileError(
      `${manifestFile.name} says oneroster.version ${version ?? '(missing)'}; only OneRoster 1.1 CSV is read.`,
      'file',
      manifestFile.name,
    );
  }
  const modeOf = (kind: OneRosterFile): Mode => {
    const value = (manifest.get(`file.${kind.toLowerCase()}`) ?? '').toLowerCase();
    return value === 'bulk' || value === 'delta' ? value : 'absent';
  };
  const fileFor = (kind: OneRosterFile, required: boolean): RosterInputFile | null => {
    const mode = modeOf(kind);
    const file = byKind.get(kind);
    if (mode === 'absent') {
      if (required) {
        throw new RosterFileError(
          `The manifest marks ${kind}.csv as absent; a roster needs its ${kind} (bulk or delta).`,
          'file',
          manifestFile.name,
        );
      }
      return null;
    }
    if (!file) {
      throw new RosterFileError(`The manifest lists ${kind}.csv (${mode}) but the upload does not hold it.`, 'file');
    }
    return file;
  };

  // Files that are only checked.
  for (const kind of ['orgs', 'academicSessions'] as const) {
    const file = fileFor(kind, false);
    if (!file) continue;
    for await (const row of readRows(file, kind, budget, builder)) rowIsComplete(row, kind, file.name, builder);
  }

  const courseTitles = new Map<string, string>();
  const coursesFile = fileFor('courses', false);
  if (coursesFile) {
    for await (const row of readRows(coursesFile, 'courses', budget, builder)) {
      if (!rowIsComplete(row, 'courses', coursesFile.name, builder) || isDeleted(row)) continue;
      courseTitles.set(row.get('sourcedId'), row.get('title'));
    }
  }

  const yearOf = (row: Row, file: string): number | undefined => {
    const grades = row.get('grades');
    if (!grades) return undefined;
    const first = grades.split(',')[0]?.trim() ?? '';
    const year = parseYearLevel(first);
    if (year === null) {
      builder.error(
        file,
        row.line,
        'grades',
        `"${first}" is not a school year level (KG, 01–12); read without a year.`,
      );
      return undefined;
    }
    return year;
  };

  const classesFile = fileFor('classes', true)!;
  const skippedClasses = new Set<string>();
  for await (const row of readRows(classesFile, 'classes', budget, builder)) {
    if (!rowIsComplete(row, 'classes', classesFile.name, builder)) continue;
    const code = row.get('sourcedId');
    if (isDeleted(row)) {
      skippedClasses.add(code);
      continue;
    }
    const subject = row.get('subjects').split(',')[0]?.trim() || courseTitles.get(row.get('courseSourcedId'));
    const yearLevel = yearOf(row, classesFile.name);
    builder.addClass({
      code,
      title: row.get('title'),
      ...(subject ? { subject } : {}),
      ...(yearLevel !== undefined ? { yearLevel } : {}),
      file: classesFile.name,
      line: row.line,
    });
  }

  const usersFile = fileFor('users', true)!;
  const skippedUsers = new Set<string>();
  const roleOfUser = new Map<string, 'student' | 'teacher'>();
  for await (const row of readRows(usersFile, 'users', budget, builder)) {
    if (!rowIsComplete(row, 'users', usersFile.name, builder)) continue;
    const code = row.get('sourcedId');
    const role = row.get('role').toLowerCase();
    if (
      isDeleted(row) ||
      row.get('enabledUser').toLowerCase() === 'false' ||
      (role !== 'student' && role !== 'teacher')
    ) {
      skippedUsers.add(code);
      continue;
    }
    let email: string | undefined = row.get('email') || undefined;
    if (email && !looksLikeEmail(email)) {
      builder.error(usersFile.name, row.line, 'email', `"${email}" is not an email address; read without it.`);
      email = undefined;
    }
    const person = {
      code,
      firstName: row.get('givenName'),
      lastName: row.get('familyName'),
      ...(email ? { email: email.toLowerCase() } : {}),
      file: usersFile.name,
      line: row.line,
    };
    roleOfUser.set(code, role);
    if (role === 'teacher') {
      builder.addTeacher(person);
    } else {
      const yearLevel = yearOf(row, usersFile.name);
      builder.addStudent({ ...person, ...(yearLevel !== undefined ? { yearLevel } : {}) });
    }
  }

  const enrolmentsFile = fileFor('enrollments', true)!;
  for await (const row of readRows(enrolmentsFile, 'enrollments', budget, builder)) {
    if (!rowIsComplete(row, 'enrollments', enrolmentsFile.name, builder) || isDeleted(row)) continue;
    const role = row.get('role').toLowerCase();
    if (role !== 'student' && role !== 'teacher') continue;
    const classCode = row.get('classSourcedId');
    const personCode = row.get('userSourcedId');
    if (skippedUsers.has(personCode) || skippedClasses.has(classCode)) continue;
    const error = (field: string, message: string) => builder.error(enrolmentsFile.name, row.line, field, message);
    if (!builder.hasClass(classCode)) {
      error('classSourcedId', `The class ${classCode} is not in ${baseName(classesFile.name)}.`);
      continue;
    }
    const userRole = roleOfUser.get(personCode);
    if (!userRole) {
      error('userSourcedId', `The user ${personCode} is not in ${baseName(usersFile.name)}.`);
      continue;
    }
    if (userRole !== role) {
      error('role', `The user ${personCode} is a ${userRole} in ${baseName(usersFile.name)}, not a ${role}.`);
      continue;
    }
    builder.addEnrolment({ classCode, personCode, role, file: enrolmentsFile.name, line: row.line });
  }
  return builder.result();
};
