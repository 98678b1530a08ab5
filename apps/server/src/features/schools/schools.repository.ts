import { asc, eq, inArray, sql } from 'drizzle-orm';
import { profiles, schools } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

export async function allSchools(db: Executor) {
  return db.select({ id: schools.id, name: schools.name }).from(schools).orderBy(asc(schools.name));
}

/** The schools a user has a student or teacher profile at. */
export async function schoolsOfUser(db: Executor, userId: number) {
  const mine = db.select({ id: profiles.schoolId }).from(profiles).where(eq(profiles.userId, userId));
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(inArray(schools.id, mine))
    .orderBy(asc(schools.name));
}

export async function findSchool(db: Executor, schoolId: number) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name, slug: schools.slug })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? null;
}

/** Whether a user holds a teacher profile at the school. */
export async function teachesAtSchool(db: Executor, userId: number, schoolId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from profiles where user_id = ${userId} and school_id = ${schoolId}
                  and kind = 'teacher') as found`);
  return rows[0]?.found ?? false;
}

/** The calendar years the school has classes in, latest first. */
export async function classYears(db: Executor, schoolId: number): Promise<number[]> {
  const { rows } = await db.execute<{ year: number }>(sql`
    select distinct calendar_year as year from school_classes where school_id = ${schoolId} order by year desc`);
  return rows.map((r) => r.year);
}

/** The school's classes of one year with their roster size and teachers' names, in one query. */
export async function classesOfYear(db: Executor, schoolId: number, year: number) {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    course_id: number;
    course_title: string;
    class_type: 'N' | 'C' | 'TT' | 'ST';
    calendar_year: number;
    student_count: number;
    teacher_names: string[];
  }>(sql`
    select c.id, c.title, c.course_id, co.title as course_title, c.class_type, c.calendar_year,
      (select count(*) from enrolments e
       where e.class_id = c.id and e.school_id = c.school_id and e.access_status >= 25)::int as student_count,
      array(select trim(u.first_name || ' ' || u.last_name)
            from class_teachers ct join profiles p on p.id = ct.profile_id join users u on u.id = p.user_id
            where ct.class_id = c.id and ct.school_id = c.school_id
            order by lower(u.last_name), lower(u.first_name), u.id) as teacher_names
    from school_classes c join courses co on co.id = c.course_id
    where c.school_id = ${schoolId} and c.calendar_year = ${year}
    order by lower(c.title), c.id`);
  return rows;
}
