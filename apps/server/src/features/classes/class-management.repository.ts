import type { ClassEditBody, ClassFeatures, ClassType } from '@banksia/contracts/classes';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** The schools where a user holds a teacher profile (the only places they may manage classes). */
export async function teacherProfilesOf(db: Executor, userId: number) {
  const { rows } = await db.execute<{ profile_id: number; id: number; name: string; slug: string; time_zone: string }>(
    sql`
    select p.id as profile_id, s.id, s.name, s.slug, s.time_zone
    from profiles p join schools s on s.id = p.school_id
    where p.user_id = ${userId} and p.kind = 'teacher'
    order by lower(s.name), s.id`,
  );
  return rows;
}

/** The teachers (teacher profiles) of the given schools with their names, in one query. */
export async function teachersOfSchools(db: Executor, schoolIds: number[]) {
  if (schoolIds.length === 0) return [];
  const { rows } = await db.execute<{ profile_id: number; school_id: number; name: string }>(sql`
    select p.id as profile_id, p.school_id, trim(u.first_name || ' ' || u.last_name) as name
    from profiles p join users u on u.id = p.user_id
    where p.kind = 'teacher' and p.school_id in (${sql.join(
      schoolIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by lower(u.last_name), lower(u.first_name), p.id`);
  return rows;
}

export type ManagedClassRow = {
  id: number;
  school_id: number;
  title: string;
  course_id: number;
  course_title: string;
  class_type: ClassType;
  features: ClassFeatures;
  calendar_year: number;
  expiration_date: string | null;
  activation_code: string | null;
  teacher_profile_ids: number[];
  teacher_names: string[];
  student_count: number;
};

function managedClassSelect(where: SQL) {
  return sql`
    select c.id, c.school_id, c.title, c.course_id, co.title as course_title, c.class_type, c.features,
      c.calendar_year, c.expiration_date, c.activation_code,
      array(select ct.profile_id from class_teachers ct join profiles p on p.id = ct.profile_id
            join users u on u.id = p.user_id
            where ct.class_id = c.id and ct.school_id = c.school_id
            order by lower(u.last_name), lower(u.first_name), p.id) as teacher_profile_ids,
      array(select trim(u.first_name || ' ' || u.last_name) from class_teachers ct
            join profiles p on p.id = ct.profile_id join users u on u.id = p.user_id
            where ct.class_id = c.id and ct.school_id = c.school_id
            order by lower(u.last_name), lower(u.first_name), p.id) as teacher_names,
      (select count(*) from enrolments e
       where e.class_id = c.id and e.school_id = c.school_id and e.access_status >= 25)::int as student_count
    from school_classes c join courses co on co.id = c.course_id
    where ${where}
    order by c.calendar_year desc, lower(c.title), c.id`;
}

/** Only the classes a teacher profile teaches, when given one (a teacher who is not a school admin). */
function taughtFilter(teacherProfileId: number | null): SQL {
  return teacherProfileId === null
    ? sql`true`
    : sql`exists(select 1 from class_teachers ct where ct.class_id = c.id and ct.profile_id = ${teacherProfileId})`;
}

/** A school's classes of one year that the user may manage, with teachers and roster sizes. */
export async function managedClasses(
  db: Executor,
  q: { schoolId: number; year: number; teacherProfileId: number | null },
): Promise<ManagedClassRow[]> {
  const { rows } = await db.execute<ManagedClassRow>(
    managedClassSelect(
      sql`c.school_id = ${q.schoolId} and c.calendar_year = ${q.year} and ${taughtFilter(q.teacherProfileId)}`,
    ),
  );
  return rows;
}

export async function managedYears(
  db: Executor,
  q: { schoolId: number; teacherProfileId: number | null },
): Promise<number[]> {
  const { rows } = await db.execute<{ year: number }>(sql`
    select distinct c.calendar_year as year from school_classes c
    where c.school_id = ${q.schoolId} and ${taughtFilter(q.teacherProfileId)}
    order by year desc`);
  return rows.map((r) => r.year);
}

export async function findManagedClass(db: Executor, classId: number): Promise<ManagedClassRow | null> {
  const { rows } = await db.execute<ManagedClassRow>(managedClassSelect(sql`c.id = ${classId}`));
  return rows[0] ?? null;
}

/** Every class the user may manage across their schools: all classes where admin, else the ones they teach. */
export async function uploaderClasses(db: Executor, q: { userId: number; adminSchoolIds: number[] }) {
  const admin = q.adminSchoolIds.length
    ? sql`c.school_id in (${sql.join(
        q.adminSchoolIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
  const { rows } = await db.execute<{
    id: number;
    title: string;
    school_id: number;
    school_name: string;
    course_title: string;
    calendar_year: number;
    student_count: number;
  }>(sql`
    select c.id, c.title, c.school_id, s.name as school_name, co.title as course_title, c.calendar_year,
      (select count(*) from enrolments e
       where e.class_id = c.id and e.school_id = c.school_id and e.access_status >= 25)::int as student_count
    from school_classes c join schools s on s.id = c.school_id join courses co on co.id = c.course_id
    where ${admin} or exists(select 1 from class_teachers ct join profiles p on p.id = ct.profile_id
                             where ct.class_id = c.id and ct.school_id = c.school_id and p.user_id = ${q.userId})
    order by c.calendar_year desc, lower(s.name), lower(c.title), c.id`);
  return rows;
}

/** Whether the course may be chosen: published, or any course for content staff. */
export async function courseSelectable(db: Executor, courseId: number, staff: boolean): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`
    select exists(select 1 from courses where id = ${courseId} and (is_published or ${staff})) as ok`);
  return rows[0]?.ok ?? false;
}

/** Which of the profile ids are teacher profiles at the school. */
export async function teacherProfilesAt(db: Executor, schoolId: number, profileIds: number[]): Promise<number[]> {
  if (profileIds.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from profiles where school_id = ${schoolId} and kind = 'teacher'
      and id in (${sql.join(
        profileIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  return rows.map((r) => r.id);
}

export async function insertClass(
  db: Executor,
  v: ClassEditBody & { schoolId: number; activationCode: string },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into school_classes (school_id, course_id, title, class_type, features, calendar_year, expiration_date,
                                activation_code)
    values (${v.schoolId}, ${v.course_id}, ${v.title}, ${v.class_type}, ${v.features}, ${v.calendar_year},
            ${v.expiration_date}, ${v.activationCode})
    returning id`);
  return rows[0]!.id;
}

export async function updateClass(db: Executor, classId: number, schoolId: number, v: ClassEditBody): Promise<void> {
  await db.execute(sql`
    update school_classes set course_id = ${v.course_id}, title = ${v.title}, class_type = ${v.class_type},
      features = ${v.features}, calendar_year = ${v.calendar_year}, expiration_date = ${v.expiration_date}
    where id = ${classId} and school_id = ${schoolId}`);
}

/** Makes the class's teachers exactly these profiles. */
export async function setTeachers(db: Executor, classId: number, schoolId: number, profileIds: number[]) {
  const ids = sql.join(
    profileIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    delete from class_teachers where class_id = ${classId} and school_id = ${schoolId} and profile_id not in (${ids})`);
  await db.execute(sql`
    insert into class_teachers (school_id, class_id, profile_id)
    select ${schoolId}, ${classId}, unnest(array[${ids}]::int[])
    on conflict (class_id, profile_id) do nothing`);
}

export async function setActivationCode(db: Executor, classId: number, schoolId: number, code: string) {
  await db.execute(
    sql`update school_classes set activation_code = ${code} where id = ${classId} and school_id = ${schoolId}`,
  );
}

/** Locks the class row for the rest of the transaction (edits to one class take turns). */
export async function lockClass(db: Executor, classId: number): Promise<void> {
  await db.execute(sql`select id from school_classes where id = ${classId} for update`);
}

export async function schoolExists(db: Executor, schoolId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists(select 1 from schools where id = ${schoolId}) as found`,
  );
  return rows[0]?.found ?? false;
}

/** A student's place in a class (any access status), locked for the change that follows. */
export async function enrolmentForUpdate(db: Executor, classId: number, schoolId: number, profileId: number) {
  const { rows } = await db.execute<{ id: number; access_status: number }>(sql`
    select id, access_status from enrolments
     where class_id = ${classId} and school_id = ${schoolId} and profile_id = ${profileId}
     for update`);
  return rows[0] ?? null;
}
