import { describe, expect, it } from 'vitest';
import { AccessStatus, type RawClassDetail, type RawEnrolment } from '../classes';
import { isOnRoster, toClassDetail } from './class-detail';

let nextId = 1;
function enrolment(
  access_status: RawEnrolment['access_status'],
  first: string,
  last: string,
  name = `${first} ${last}`,
): RawEnrolment {
  const id = nextId++;
  return {
    id,
    access_status,
    profile: { id: 100 + id, user: 500 + id, name, first_name: first, last_name: last, is_active: true },
  };
}

function raw(enrolments: RawEnrolment[]): RawClassDetail {
  return {
    id: 1,
    title: '9 Maths A',
    course_id: 7,
    course_title: 'Year 9 Mathematics',
    class_type: 'N',
    features: 'STANDARD',
    calendar_year: 2026,
    expiration_date: '2026-12-31',
    activation_link: null,
    enrolments,
  };
}

describe('isOnRoster', () => {
  it.each([
    ['UNKNOWN', AccessStatus.UNKNOWN, false],
    ['REMOVED', AccessStatus.REMOVED, false],
    ['LOCKED', AccessStatus.LOCKED, true],
    ['LEGACY', AccessStatus.LEGACY, true],
    ['UPLOADED', AccessStatus.UPLOADED, true],
    ['ADDED_VIA_ADMIN', AccessStatus.ADDED_VIA_ADMIN, true],
  ] as const)('%s (%i) → %s', (_name, access_status, expected) => {
    expect(isOnRoster({ access_status })).toBe(expected);
  });
});

describe('toClassDetail', () => {
  it('keeps only enrolments at or above LOCKED, keyed by profile id', () => {
    const kept = enrolment(AccessStatus.LOCKED, 'Ava', 'Nguyen');
    const removed = enrolment(AccessStatus.REMOVED, 'Ben', 'Adams');
    const unknown = enrolment(AccessStatus.UNKNOWN, 'Cai', 'Brown');
    const detail = toClassDetail(raw([kept, removed, unknown]));
    expect(Object.keys(detail.students)).toEqual([String(kept.profile.id)]);
    expect(detail.students[kept.profile.id]).toEqual({
      profile_id: kept.profile.id,
      user_id: kept.profile.user,
      display_name: 'Ava Nguyen',
      first_name: 'Ava',
      last_name: 'Nguyen',
      is_active: true,
    });
    expect(detail).not.toHaveProperty('enrolments');
    expect(detail.course_title).toBe('Year 9 Mathematics');
  });

  it('orders students by last name, then display name', () => {
    const rows = [
      enrolment(AccessStatus.UPLOADED, 'Zoe', 'Smith'),
      enrolment(AccessStatus.UPLOADED, 'Adam', 'smith', 'Adam Smith'),
      enrolment(AccessStatus.LEGACY, 'Mia', 'Anderson'),
      enrolment(AccessStatus.ADDED_VIA_ADMIN, 'Liam', 'Smith', 'Billy Smith'),
    ];
    const detail = toClassDetail(raw(rows));
    const names = detail.student_ids.map((id) => detail.students[id]!.display_name);
    expect(names).toEqual(['Mia Anderson', 'Adam Smith', 'Billy Smith', 'Zoe Smith']);
  });

  it('gives an empty roster when nobody has access', () => {
    const detail = toClassDetail(raw([enrolment(AccessStatus.REMOVED, 'A', 'B')]));
    expect(detail.students).toEqual({});
    expect(detail.student_ids).toEqual([]);
  });
});
