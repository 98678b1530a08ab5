/**
 * Edval: the "Export class list" CSV (one row per student in a class, with the class's teacher), and Edval's export
 * for TimeChart, a set of Students.csv, Staff.csv and Courses.csv (the enrolments). Columns are found by header name
 * in any order; which file is which is told by its header row.
 */
import { isEmail, parseYearLevel, readCsv, splitFullName, type CsvSpec } from './csv-reader';
import { RosterRecordBuilder, validCode } from './record-builder';
import { RosterFileError, type ParseOptions, type RosterInputFile, type RosterParser } from './types';

const classList: CsvSpec = {
  formatName: 'an Edval class list',
  columns: {
    student_code: ['Student code', 'StudentCode', 'Student ID'],
    last_name: ['Surname', 'Last name', 'Family name'],
    first_name: ['First name', 'Given name', 'Firstname'],
    email: ['Email', 'Student email'],
    year: ['Year', 'Year level'],
    course_code: ['Course code', 'Course'],
    class_id: ['Class id', 'Class code', 'Class'],
    class_year: ['Class year'],
    teacher_code: ['Teacher code', 'Teacher'],
    teacher_name: ['Teacher name'],
    subject: ['Subject', 'Subject name'],
  },
  required: ['student_code', 'last_name', 'first_name', 'class_id'],
};

const studentsFile: CsvSpec = {
  formatName: 'an Edval Students.csv',
  columns: {
    student_code: ['Student Code', 'Student ID'],
    last_name: ['Last name', 'Surname'],
    first_name: ['First name', 'Given name'],
    email: ['Email'],
    year: ['Year Level', 'Year'],
    current: ['Current'],
  },
  required: ['student_code', 'last_name', 'first_name'],
};

const staffFile: CsvSpec = {
  formatName: 'an Edval Staff.csv',
  columns: {
    teacher_code: ['Teacher Code', 'Code'],
    last_name: ['Last name', 'Surname'],
    first_name: ['First name', 'Given name'],
    email: ['Email'],
  },
  required: ['teacher_code', 'last_name'],
};

const coursesFile: CsvSpec = {
  formatName: 'an Edval Courses.csv',
  columns: {
    student_code: ['Student Code', 'Student ID'],
    class_code: ['Class code', 'Class'],
    subject: ['Subject name', 'Subject'],
    teacher_code: ['Teacher Code', 'Teacher'],
    year: ['Year Level', 'Year'],
  },
  required: ['student_code', 'class_code'],
};

/**
 * The class code of a class-list row: "Class id" when it is a whole code (9MAT1, 7ENG.2); a bare identifier ("1")
 * is joined to the class year and course code, as Edval builds its codes (9 + MAT + 1).
 */
export function edvalClassCode(v: Record<string, string>): string {
  const id = (v.class_id ?? '').trim();
  if (/[A-Za-z]/.test(id) || !v.course_code) return id;
  return `${v.class_year ?? ''}${v.course_code}${id}`;
}

function kindOf(file: RosterInputFile): 'students' | 'staff' | 'courses' | 'class-list' {
  const base = file.name.toLowerCase().replace(/^.*[\\/]/, '');
  if (/^students?\b/.test(base)) return 'students';
  if (/^staff\b|^teachers?\b/.test(base)) return 'staff';
  if (/^courses?\b|^enrol/.test(base)) return 'courses';
  return 'class-list';
}

function optionalEmail(b: RosterRecordBuilder, file: string, line: number, value: string | undefined) {
  const email = (value ?? '').trim().toLowerCase();
  if (!email) return undefined;
  if (!isEmail(email)) {
    b.error(file, line, 'email', `"${value}" is not an email address.`);
    return undefined;
  }
  return email;
}

async function readClassList(b: RosterRecordBuilder, file: RosterInputFile, options: ParseOptions) {
  await readCsv(
    file,
    classList,
    ({ values: v, line }) => {
      b.rows += 1;
      const before = b.errors.length;
      const code = v.student_code ?? '';
      if (!code) b.error(file.name, line, 'student_code', 'The student code is missing.');
      else if (!validCode(code)) b.error(file.name, line, 'student_code', `"${code}" is not a valid student code.`);
      if (!v.last_name) b.error(file.name, line, 'last_name', 'The surname is missing.');
      if (!v.first_name) b.error(file.name, line, 'first_name', 'The first name is missing.');
      const year = parseYearLevel(v.year);
      if (Number.isNaN(year)) b.error(file.name, line, 'year', `"${v.year}" is not a year level.`);
      const classCode = edvalClassCode(v);
      if (!classCode) b.error(file.name, line, 'class_id', 'The class is missing.');
      else if (!validCode(classCode)) b.error(file.name, line, 'class_id', `"${classCode}" is not a valid class code.`);
      const teacherCode = v.teacher_code ?? '';
      if (teacherCode && !validCode(teacherCode)) {
        b.error(file.name, line, 'teacher_code', `"${teacherCode}" is not a valid teacher code.`);
      }
      const email = optionalEmail(b, file.name, line, v.email);
      if (b.errors.length > before) return;
      const classYear = parseYearLevel(v.class_year);
      b.addClass({
        code: classCode,
        title: classCode,
        subject: v.subject || undefined,
        yearLevel: classYear !== undefined && !Number.isNaN(classYear) ? classYear : year,
        file: file.name,
        line,
      });
      const person = { code, firstName: v.first_name!, lastName: v.last_name!, email, file: file.name, line };
      if (!b.addPerson('student', { ...person, yearLevel: year })) return;
      b.addEnrolment({ classCode, personCode: code, role: 'student', file: file.name, line });
      if (teacherCode) {
        const name = splitFullName(v.teacher_name ?? '');
        if (b.addPerson('teacher', { code: teacherCode, ...name, file: file.name, line })) {
          b.addEnrolment({ classCode, personCode: teacherCode, role: 'teacher', file: file.name, line });
        }
      }
    },
    options,
  );
}

async function readTimeChartSet(b: RosterRecordBuilder, files: Map<string, RosterInputFile>, options: ParseOptions) {
  const students = files.get('students');
  const staff = files.get('staff');
  const courses = files.get('courses');
  if (!students || !courses) {
    throw new RosterFileError(
      "Edval's TimeChart export needs Students.csv and Courses.csv (and Staff.csv for teachers' names) uploaded together.",
    );
  }
  const leavers = new Set<string>();
  await readCsv(
    students,
    studentsFile,
    ({ values: v, line }) => {
      b.rows += 1;
      const before = b.errors.length;
      const code = v.student_code ?? '';
      if (!validCode(code)) b.error(students.name, line, 'student_code', 'The student code is missing or not valid.');
      if (!v.last_name) b.error(students.name, line, 'last_name', 'The last name is missing.');
      if (!v.first_name) b.error(students.name, line, 'first_name', 'The first name is missing.');
      const year = parseYearLevel(v.year);
      if (Number.isNaN(year)) b.error(students.name, line, 'year', `"${v.year}" is not a year level.`);
      const email = optionalEmail(b, students.name, line, v.email);
      if (b.errors.length > before) return;
      if (/^(n|no|false|0)$/i.test(v.current ?? '')) {
        leavers.add(code);
        return;
      }
      b.addPerson('student', {
        code,
        firstName: v.first_name!,
        lastName: v.last_name!,
        email,
        yearLevel: year,
        file: students.name,
        line,
      });
    },
    options,
  );
  if (staff) {
    await readCsv(
      staff,
      staffFile,
      ({ values: v, line }) => {
        b.rows += 1;
        const code = v.teacher_code ?? '';
        if (!validCode(code)) {
          b.error(staff.name, line, 'teacher_code', 'The teacher code is missing or not valid.');
          return;
        }
        if (!v.last_name) {
          b.error(staff.name, line, 'last_name', 'The last name is missing.');
          return;
        }
        const email = optionalEmail(b, staff.name, line, v.email);
        b.addPerson('teacher', {
          code,
          firstName: v.first_name ?? '',
          lastName: v.last_name,
          email,
          file: staff.name,
          line,
        });
      },
      options,
    );
  }
  await readCsv(
    courses,
    coursesFile,
    ({ values: v, line }) => {
      b.rows += 1;
      const code = v.student_code ?? '';
      const classCode = v.class_code ?? '';
      if (leavers.has(code)) return;
      if (!b.students.has(code)) {
        b.error(courses.name, line, 'student_code', `No student with the code "${code}" in ${students.name}.`);
        return;
      }
      if (!validCode(classCode)) {
        b.error(courses.name, line, 'class_code', 'The class code is missing or not valid.');
        return;
      }
      const year = parseYearLevel(v.year);
      b.addClass({
        code: classCode,
        title: classCode,
        subject: v.subject || undefined,
        yearLevel: year !== undefined && !Number.isNaN(year) ? year : undefined,
        file: courses.name,
        line,
      });
      b.addEnrolment({ classCode, personCode: code, role: 'student', file: courses.name, line });
      const teacherCode = v.teacher_code ?? '';
      if (teacherCode) {
        if (!b.teachers.has(teacherCode)) {
          if (staff) {
            b.error(courses.name, line, 'teacher_code', `No teacher with the code "${teacherCode}" in ${staff.name}.`);
            return;
          }
          b.addPerson('teacher', {
            code: teacherCode,
            firstName: '',
            lastName: teacherCode,
            file: courses.name,
            line,
          });
        }
        b.addEnrolment({ classCode, personCode: teacherCode, role: 'teacher', file: courses.name, line });
      }
    },
    options,
  );
}

export const parseEdval: RosterParser = async (files, options = {}) => {
  if (files.length === 0) throw new RosterFileError('Choose a file to upload.');
  const b = new RosterRecordBuilder('edval');
  const byKind = new Map<string, RosterInputFile>();
  const lists: RosterInputFile[] = [];
  for (const file of files) {
    const kind = kindOf(file);
    if (kind === 'class-list') lists.push(file);
    else if (byKind.has(kind))
      throw new RosterFileError(`Two ${kind} files were uploaded; upload one export at a time.`);
    else byKind.set(kind, file);
  }
  if (lists.length && byKind.size) {
    throw new RosterFileError(
      'Upload either Edval class lists or the Students/Staff/Courses files of its TimeChart export, not both.',
    );
  }
  for (const file of lists) await readClassList(b, file, options);
  if (byKind.size) await readTimeChartSet(b, byKind, options);
  return b.build();
};
