import type { RosterSource } from './types';

/** The roster fields a header of a header-mapped file can stand for, and how a format describes its headers. */

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
