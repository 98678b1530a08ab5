import type { StudentNamer } from '../../platform/student-names';
import type { RawClassDetail } from '@banksia/contracts/classes';
import type { enrolmentsOf, findClass } from './classes.repository';

type ClassRow = NonNullable<Awaited<ReturnType<typeof findClass>>>;
type EnrolmentRow = Awaited<ReturnType<typeof enrolmentsOf>>[number];

/** Path a student opens to join a class with its activation code. */
export function activationLink(code: string | null): string | null {
  return code ? `/account/?class_code=${encodeURIComponent(code)}` : null;
}

/** The raw api:class-detail answer; the web app applies `toClassDetail` from contracts. */
/** With names hidden (spec §4), every student carries the day's pseudonym instead of their name. */
export function presentRawClassDetail(c: ClassRow, enrolments: EnrolmentRow[], namer: StudentNamer): RawClassDetail {
  return {
    id: c.id,
    title: c.title,
    course_id: c.course_id,
    course_title: c.course_title,
    class_type: c.class_type,
    features: c.features,
    calendar_year: c.calendar_year,
    expiration_date: c.expiration_date,
    activation_link: activationLink(c.activation_code),
    enrolments: enrolments.map((e) => {
      const name = namer.name(e.profile_id, e);
      return {
        id: e.id,
        access_status: e.access_status,
        profile: {
          id: e.profile_id,
          user: e.user_id,
          name: name.display_name,
          first_name: name.first_name,
          last_name: name.last_name,
          is_active: e.is_active,
        },
      };
    }),
  };
}
