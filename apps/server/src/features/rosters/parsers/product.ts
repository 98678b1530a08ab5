/**
 * Banksia's own roster template: one row per student in a class, with the class and its teacher. The header names
 * the columns (any order, any case); PRODUCT_TEMPLATE_HEADERS is the template the upload page offers.
 */
import { isEmail, parseYearLevel, readCsv, type CsvSpec } from './csv-reader';
import { RosterRecordBuilder, validCode } from './record-builder';
import { RosterFileError, type RosterParser } from './types';

export const PRODUCT_TEMPLATE_HEADERS = [
  'student_code',
  'student_first_name',
  'student_last_name',
  'student_email',
  'year_level',
  'class_code',
  'class_title',
  'subject',
  'teacher_code',
  'teacher_first_name',
  'teacher_last_name',
  'teacher_email',
] as const;

/** The template file: the header and two example rows (a class with its teacher and two students). */
export function productTemplateCsv(): string {
  return [
    PRODUCT_TEMPLATE_HEADERS.join(','),
    'S1001,Ava,Nguyen,ava.nguyen@example.edu.au,9,9MAT1,Year 9 Mathematics,Mathematics,T01,Sam,Lee,sam.lee@example.edu.au',
    'S1002,Noah,"O\'Brien, Jr",,9,9MAT1,Year 9 Mathematics,Mathematics,T01,Sam,Lee,sam.lee@example.edu.au',
  ].join('\r\n');
}

const spec: CsvSpec = {
  formatName: 'a Banksia roster file',
  columns: {
    student_code: ['student_code', 'Student code'],
    first_name: ['student_first_name', 'First name'],
    last_name: ['student_last_name', 'Last name', 'Surname'],
    email: ['student_email', 'Email'],
    year: ['year_level', 'Year'],
    class_code: ['class_code', 'Class'],
    class_title: ['class_title'],
    subject: ['subject'],
    teacher_code: ['teacher_code'],
    teacher_first_name: ['teacher_first_name'],
    teacher_last_name: ['teacher_last_name'],
    teacher_email: ['teacher_email'],
  },
  required: ['student_code', 'first_name', 'last_name', 'class_code'],
};

export const parseProduct: RosterParser = async (files, options = {}) => {
  if (files.length === 0) throw new RosterFileError('Choose a file to upload.');
  const b = new RosterRecordBuilder('product');
  for (const file of files) {
    await readCsv(
      file,
      spec,
      ({ values: v, line }) => {
        b.rows += 1;
        const before = b.errors.length;
        const err = (field: string, message: string) => b.error(file.name, line, field, message);
        const code = v.student_code ?? '';
        if (!validCode(code))
          err('student_code', code ? `"${code}" is not a valid code.` : 'The student code is missing.');
        if (!v.first_name) err('student_first_name', 'The first name is missing.');
        if (!v.last_name) err('student_last_name', 'The last name is missing.');
        const email = (v.email ?? '').toLowerCase();
        if (email && !isEmail(email)) err('student_email', `"${v.email}" is not an email address.`);
        const year = parseYearLevel(v.year);
        if (Number.isNaN(year)) err('year_level', `"${v.year}" is not a year level.`);
        const classCode = v.class_code ?? '';
        if (!validCode(classCode))
          err('class_code', classCode ? `"${classCode}" is not a valid code.` : 'The class code is missing.');
        const teacherCode = v.teacher_code ?? '';
        const teacherEmail = (v.teacher_email ?? '').toLowerCase();
        if (teacherCode) {
          if (!validCode(teacherCode)) err('teacher_code', `"${teacherCode}" is not a valid code.`);
          if (!v.teacher_last_name) err('teacher_last_name', "The teacher's last name is missing.");
          if (teacherEmail && !isEmail(teacherEmail))
            err('teacher_email', `"${v.teacher_email}" is not an email address.`);
        }
        if (b.errors.length > before) return;
        b.addClass({
          code: classCode,
          title: v.class_title || classCode,
          subject: v.subject || undefined,
          yearLevel: year,
          file: file.name,
          line,
        });
        const student = {
          code,
          firstName: v.first_name!,
          lastName: v.last_name!,
          email: email || undefined,
          yearLevel: year,
          file: file.name,
          line,
        };
        if (!b.addPerson('student', student)) return;
        b.addEnrolment({ classCode, personCode: code, role: 'student', file: file.name, line });
        if (teacherCode) {
          const teacher = {
            code: teacherCode,
            firstName: v.teacher_first_name ?? '',
            lastName: v.teacher_last_name!,
            email: teacherEmail || undefined,
            file: file.name,
            line,
          };
          if (b.addPerson('teacher', teacher)) {
            b.addEnrolment({ classCode, personCode: teacherCode, role: 'teacher', file: file.name, line });
          }
        }
      },
      options,
    );
  }
  return b.build();
};
