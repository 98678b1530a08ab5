import type { Me } from '@banksia/contracts/accounts';
import type { ClassSummary } from '@banksia/contracts/classes';

/** A signed-in user; pass only what the test is about. */
export function makeMe(overrides: Partial<Me> & { user?: Partial<Me['user']> } = {}): Me {
  const { user, ...rest } = overrides;
  return {
    user: {
      id: 1,
      email: 'ava@banksia.test',
      first_name: 'Ava',
      last_name: 'Nguyen',
      display_name: 'Ava Nguyen',
      ...user,
    },
    profiles: [],
    roles: [],
    classes: [],
    ...rest,
  };
}

export function makeClass(overrides: Partial<ClassSummary> = {}): ClassSummary {
  return {
    id: 11,
    course_id: 3,
    course_title: 'Year 9 Mathematics',
    title: '9MAT1',
    calendar_year: 2026,
    class_type: 'N',
    role: 'student',
    school_id: 5,
    ...overrides,
  };
}
