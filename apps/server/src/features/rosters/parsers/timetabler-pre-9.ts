/**
 * Timetabler before version 9: the text (CSV or tab-separated) exports. Their column counts change between
 * versions, so nothing is read by position: each file's header is matched against the aliases below, a bare "Code"
 * column is the code of what the file lists (students, staff or classes, from its other columns or its name), and
 * each file is read as a class list, a student list, a staff list or a class/teacher list by its columns. At least
 * one class list (student code + class code) is required. The mapping is returned for the uploader to confirm,
 * since the aliases are inferred from the versions' documented field names rather than a published layout.
 */
import { commonAliases, parseHeaderMapped } from './header-mapped';
import type { RosterParser } from './types';

const extra = (field: keyof typeof commonAliases, more: string[]) => [...(commonAliases[field] ?? []), ...more];

export const parseTimetablerPre9: RosterParser = (files, options) =>
  parseHeaderMapped(
    {
      source: 'timetabler-pre-9',
      aliases: {
        ...commonAliases,
        student_code: extra('student_code', ['StuCode', 'Stud code', 'Student ref']),
        first_name: extra('first_name', ['FirstName', 'GivenName', 'Given']),
        last_name: extra('last_name', ['LastName', 'FamilyName']),
        year_level: extra('year_level', ['YearLevel', 'Form', 'Yr level']),
        class_code: extra('class_code', ['ClassCode', 'Class name code', 'ClassName', 'Roll class code']),
        subject: extra('subject', ['SubjectName', 'Subject code', 'SubjectCode']),
        teacher_code: extra('teacher_code', ['TeacherCode', 'Teacher 1', 'Tch code', 'Tchr', 'Tch']),
        teacher_name: extra('teacher_name', ['TeacherName']),
      },
      bareCode: true,
      requiredKinds: ['enrolments'],
      showMapping: true,
      kindLabel: { enrolments: 'class list (a file with a student code and a class code column)' },
    },
    files,
    options,
  );
