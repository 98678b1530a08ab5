/**
 * Collects the records of one export as its rows are read: classes, teachers and students by code (the first row
 * naming a code wins; later rows that disagree on a name are reported), and enrolments without duplicates.
 */
import type { ParsedRoster, RosterClass, RosterEnrolment, RosterPerson, RosterRowError, RosterSource } from './types';

export class RosterRecordBuilder {
  rows = 0;
  readonly classes = new Map<string, RosterClass>();
  readonly teachers = new Map<string, RosterPerson>();
  readonly students = new Map<string, RosterPerson>();
  private readonly enrolments = new Map<string, RosterEnrolment>();
  readonly errors: RosterRowError[] = [];

  constructor(readonly source: RosterSource) {}

  error(file: string, line: number, field: string, message: string): void {
    this.errors.push({ file, line, field, message });
  }

  addClass(c: RosterClass): void {
    const known = this.classes.get(c.code);
    if (!known) this.classes.set(c.code, c);
    else {
      known.title ??= c.title;
      known.subject ??= c.subject;
      known.yearLevel ??= c.yearLevel;
    }
  }

  addPerson(kind: 'teacher' | 'student', p: RosterPerson): boolean {
    const map = kind === 'teacher' ? this.teachers : this.students;
    const known = map.get(p.code);
    if (!known) {
      map.set(p.code, p);
      return true;
    }
    if (known.firstName === '' && p.firstName) known.firstName = p.firstName;
    known.email ??= p.email;
    known.yearLevel ??= p.yearLevel;
    if (
      p.lastName &&
      known.lastName &&
      (known.lastName.toLowerCase() !== p.lastName.toLowerCase() ||
        (p.firstName && known.firstName && known.firstName.toLowerCase() !== p.firstName.toLowerCase()))
    ) {
      this.error(
        p.file,
        p.line,
        kind === 'teacher' ? 'teacher_code' : 'student_code',
        `The code ${p.code} is used for ${known.firstName} ${known.lastName} on line ${known.line} and for ${p.firstName} ${p.lastName} here.`,
      );
      return false;
    }
    return true;
  }

  addEnrolment(e: RosterEnrolment): void {
    const key = `${e.role}\u0000${e.classCode}\u0000${e.personCode}`;
    if (!this.enrolments.has(key)) this.enrolments.set(key, e);
  }

  build(extra: Partial<ParsedRoster> = {}): ParsedRoster {
    return {
      source: this.source,
      rows: this.rows,
      classes: [...this.classes.values()],
      teachers: [...this.teachers.values()],
      students: [...this.students.values()],
      enrolments: [...this.enrolments.values()],
      errors: this.errors.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1)),
      ...extra,
    };
  }
}

/** Codes are the school's ids: letters, digits and . _ - / only, at most 64 characters. */
export function validCode(code: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._\-/ ]{0,63}$/.test(code);
}
