import { and, eq, sql } from 'drizzle-orm';
import {
  classTeachers,
  courses,
  enrolments,
  profiles,
  schoolClasses,
  schools,
  trialAccounts,
  userRoles,
  users,
} from '../../db/schema/index';
import type { Executor } from '../../platform/db';

export type TrialClassRow = {
  id: number;
  title: string;
  class_type: 'N' | 'C' | 'TT' | 'ST';
  school_id: number;
  school_name: string;
  course_id: number;
  course_title: string;
  calendar_year: number;
  expiration_date: string | null;
  activation_code: string | null;
  /** The school's IANA time zone (its classes' days). */
  time_zone: string;
  created_at: string | Date;
  teachers: { user_id: number; name: string; email: string }[];
  student_count: number;
  trial_account_count: number;
};

/** Trial classes (and classes converted from one: they still have trial accounts or were listed by id). */
export async function listTrialClasses(db: Executor, filter: { classType?: 'TT' | 'ST'; classId?: number }) {
  const { rows } = await db.execute<TrialClassRow>(sql`
    select c.id, c.title, c.class_type, c.school_id, s.name as school_name, c.course_id, co.title as course_title,
      c.calendar_year, c.expiration_date::text as expiration_date, c.activation_code, s.time_zone, c.created_at,
      coalesce((select json_agg(json_build_object('user_id', u.id, 'name', trim(u.first_name || ' ' || u.last_name),
                                                  'email', u.email) order by u.last_name, u.first_name)
                from class_teachers ct join profiles p on p.id = ct.profile_id join users u on u.id = p.user_id
                where ct.class_id = c.id), '[]'::json) as teachers,
      (select count(*)::int from enrolments e where e.class_id = c.id and e.access_status >= 25) as student_count,
      (select count(*)::int from trial_accounts t where t.class_id = c.id) as trial_account_count
    from school_classes c
    join schools s on s.id = c.school_id
    join courses co on co.id = c.course_id
    where ${
      filter.classId !== undefined
        ? sql`c.id = ${filter.classId}`
        : filter.classType
          ? sql`c.class_type = ${filter.classType}`
          : sql`c.class_type in ('TT', 'ST')`
    }
    order by c.created_at desc, c.id desc
    limit 500`);
  return rows;
}

export async function findSchool(db: Executor, id: number) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name, timeZone: schools.timeZone })
    .from(schools)
    .where(eq(schools.id, id));
  return row ?? null;
}

export async function findCourse(db: Executor, id: number) {
  const [row] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, id));
  return row ?? null;
}

export async function insertUser(
  db: Executor,
  values: { email: string; firstName: string; lastName: string; passwordHash?: string | null; createdAt: Date },
) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function grantRole(db: Executor, userId: number, role: 'teacher' | 'student', grantedBy: number) {
  await db.insert(userRoles).values({ userId, role, grantedBy }).onConflictDoNothing();
}

/** The user's profile of a kind at a school, made if missing. */
export async function ensureProfile(db: Executor, userId: number, schoolId: number, kind: 'teacher' | 'student') {
  await db.insert(profiles).values({ userId, schoolId, kind }).onConflictDoNothing();
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.schoolId, schoolId), eq(profiles.kind, kind)));
  return row!.id;
}

export async function insertClass(db: Executor, values: typeof schoolClasses.$inferInsert) {
  const [row] = await db.insert(schoolClasses).values(values).returning({ id: schoolClasses.id });
  return row!.id;
}

/** Membership rows carry the app's clock (the welcome journey counts days from them). */
export async function addTeacher(db: Executor, schoolId: number, classId: number, profileId: number, at: Date) {
  await db.insert(classTeachers).values({ schoolId, classId, profileId, createdAt: at }).onConflictDoNothing();
}

export async function enrol(
  db: Executor,
  schoolId: number,
  classId: number,
  profileId: number,
  accessStatus: number,
  at: Date,
) {
  await db.insert(enrolments).values({ schoolId, classId, profileId, accessStatus, createdAt: at, updatedAt: at });
}

export async function insertTrialAccount(db: Executor, values: typeof trialAccounts.$inferInsert) {
  await db.insert(trialAccounts).values(values);
}

export async function usernameTaken(db: Executor, username: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, username));
  return !!row;
}

/** The class, locked for the change that follows. */
export async function lockClass(db: Executor, classId: number) {
  const { rows } = await db.execute<{
    id: number;
    school_id: number;
    title: string;
    class_type: 'N' | 'C' | 'TT' | 'ST';
    calendar_year: number;
    expiration_date: string | null;
    time_zone: string;
  }>(sql`select c.id, c.school_id, c.title, c.class_type, c.calendar_year, c.expiration_date::text as expiration_date,
           s.time_zone
         from school_classes c join schools s on s.id = c.school_id where c.id = ${classId} for update of c`);
  return rows[0] ?? null;
}

export async function updateClass(
  db: Executor,
  classId: number,
  values: Partial<Pick<typeof schoolClasses.$inferInsert, 'classType' | 'expirationDate'>>,
) {
  await db.update(schoolClasses).set(values).where(eq(schoolClasses.id, classId));
}
