import type { ClassDetail, RawClassDetail, RawEnrolment, Student } from '../classes';
import { AccessStatus } from './class-kinds';

/** Whether an enrolment makes its profile a student of the class: access status LOCKED (25) or above. */
export function isOnRoster(enrolment: Pick<RawEnrolment, 'access_status'>): boolean {
  return enrolment.access_status >= AccessStatus.LOCKED;
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Roster order: last name, then display name. */
export function compareStudents(a: Student, b: Student): number {
  return collator.compare(a.last_name, b.last_name) || collator.compare(a.display_name, b.display_name);
}

/** Turns the raw api:class-detail answer into a ClassDetail (spec §3). */
export function toClassDetail(raw: RawClassDetail): ClassDetail {
  const students: Record<number, Student> = {};
  const list: Student[] = [];
  for (const enrolment of raw.enrolments) {
    if (!isOnRoster(enrolment)) continue;
    const p = enrolment.profile;
    const student: Student = {
      profile_id: p.id,
      user_id: p.user,
      display_name: p.name,
      first_name: p.first_name,
      last_name: p.last_name,
      is_active: p.is_active,
    };
    students[p.id] = student;
    list.push(student);
  }
  list.sort(compareStudents);
  const { enrolments: _enrolments, ...rest } = raw;
  return { ...rest, students, student_ids: list.map((s) => s.profile_id) };
}
