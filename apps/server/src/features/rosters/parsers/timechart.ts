/**
 * TimeChart's CSV export (as Edval writes it for TimeChart): Students.csv (Student Code, Last name, First name,
 * Gender, Year Level, Group code, Current), Staff.csv (Teacher Code, Last name, First name) and Courses.csv (Student
 * Code, Class code, Subject name, Teacher Code, Year Level), the enrolment file. Each file's role comes from its name
 * (students / staff / courses, any case) or else its columns; all three are required. Columns are read by header
 * name, so order does not matter; a file without a header row (its first row names no known column) is read in the
 * documented order above, which is why a file's role must then come from its name. Students whose Current is N, No, 0 or False are left out, and so are their
 * Courses rows. Gender and Group code (the roll group) are not read. A Courses row's Year Level is the class's year.
 */
import { commonAliases, type FileKind, parseHeaderMapped } from './header-mapped';
import { baseName } from './csv-input';
import type { RosterParser } from './types';

function kindByName(name: string): FileKind | null {
  const n = baseName(name).toLowerCase();
  if (n.includes('course') || n.includes('enrol')) return 'enrolments';
  if (n.includes('staff') || n.includes('teacher')) return 'teachers';
  if (n.includes('student')) return 'students';
  return null;
}

export const parseTimechart: RosterParser = (files, options) =>
  parseHeaderMapped(
    {
      source: 'timechart',
      aliases: {
        ...commonAliases,
        subject: ['Subject name', 'Subject', 'Course name'],
      },
      kindByName,
      requiredKinds: ['students', 'teachers', 'enrolments'],
      enrolmentYearIsClassYear: true,
      showMapping: false,
      documentedColumns: {
        students: ['Student Code', 'Last name', 'First name', 'Gender', 'Year Level', 'Group code', 'Current'],
        teachers: ['Teacher Code', 'Last name', 'First name'],
        enrolments: ['Student Code', 'Class code', 'Subject name', 'Teacher Code', 'Year Level'],
      },
      kindLabel: { students: 'Students.csv', teachers: 'Staff.csv', enrolments: 'Courses.csv (the enrolment file)' },
    },
    files,
    options,
  );
