/**
 * Collects the records a parser reads into a ParsedRoster: classes, teachers and students once per code (exports
 * repeat a student on every class row), enrolments once per class/person/role, and row errors in file order.
 */
import type {
  ParsedRoster,
  RosterClass,
  RosterColumnMapping,
  RosterEnrolment,
  RosterPerson,
  RosterRowError,
  RosterSource,
} from './types';

/** Names compare without case or accents ("Zoe" = "Zoë"); one collator, as building one per call is slow. */
const sameLetters = new Intl.Collator('en', { sensitivity: 'base' });

export class RosterBuilder {
  rows = 0;
  private readonly classes = new Map<string, RosterClass>();
  private readonly teachers = new Map<string, RosterPerson>();
  private readonly students = new Map<string, RosterPerson>();
  private readonly enrolments = new Map<string, RosterEnrolment>();
  private readonly errors: RosterRowError[] = [];
  private readonly mapping: RosterColumnMapping[] = [];

  constructor(readonly source: RosterSource) {}

  error(file: string, line: number, field: string, message: string): void {
    this.errors.push({ file, line, field, message });
  }

  addMapping(mapping: RosterColumnMapping): void {
    this.mapping.push(mapping);
  }

  /** Later rows fill in what earlier rows of the same class left blank (a title, a subject, a year). */
  addClass(record: RosterClass): void {
    const known = this.classes.get(record.code);
    if (!known) {
      this.classes.set(record.code, { ...record });
      return;
    }
    known.title ??= record.title;
    known.subject ??= record.subject;
    known.yearLevel ??= record.yearLevel;
  }

  hasClass(code: string): boolean {
    return this.classes.has(code);
  }

  addTeacher(record: RosterPerson): void {
    this.addPerson(this.teachers, record, 'teacher');
  }

  addStudent(record: RosterPerson): void {
    this.addPerson(this.students, record, 'student');
  }

  student(code: string): RosterPerson | undefined {
    return this.students.get(code);
  }

  teacher(code: string): RosterPerson | undefined {
    return this.teachers.get(code);
  }

  addEnrolment(record: RosterEnrolment): void {
    const key = `${record.role}\u0000${record.classCode}\u0000${record.personCode}`;
    if (!this.enrolments.has(key)) this.enrolments.set(key, record);
  }

  result(): ParsedRoster {
    // Errors in the order files were read, each file's by line.
    const fileOrder = new Map<string, number>();
    for (const e of this.errors) if (!fileOrder.has(e.file)) fileOrder.set(e.file, fileOrder.size);
    const byPosition = (a: RosterRowError, b: RosterRowError) =>
      (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0) || a.line - b.line;
    return {
      source: this.source,
      rows: this.rows,
      classes: [...this.classes.values()],
      teachers: [...this.teachers.values()],
      students: [...this.students.values()],
      enrolments: [...this.enrolments.values()],
      errors: [...this.errors].sort(byPosition),
      ...(this.mapping.length ? { mapping: this.mapping } : {}),
    };
  }

  /**
   * The first row naming a person wins; a later row with other names for the same code is reported (two people
   * sharing a code would otherwise be merged silently). Blank fields are filled from later rows.
   */
  private addPerson(map: Map<string, RosterPerson>, record: RosterPerson, kind: 'student' | 'teacher'): void {
    const known = map.get(record.code);
    if (!known) {
      map.set(record.code, { ...record });
      return;
    }
    const same = (a: string, b: string) => !a || !b || a === b || sameLetters.compare(a, b) === 0;
    if (!same(known.firstName, record.firstName) || !same(known.lastName, record.lastName)) {
      this.error(
        record.file,
        record.line,
        kind === 'student' ? 'student code' : 'teacher code',
        `The ${kind} code ${record.code} is ${known.firstName} ${known.lastName} on line ${known.line} of ${known.file} but ${record.firstName} ${record.lastName} here; the first is kept.`,
      );
      return;
    }
    if (!known.firstName) known.firstName = record.firstName;
    if (!known.lastName) known.lastName = record.lastName;
    known.email ??= record.email;
    known.yearLevel ??= record.yearLevel;
  }
}
