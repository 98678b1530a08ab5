import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import type { SecretListArgs } from './secret-admin.model';

/** `%text%` for ilike, with the pattern characters in the text matched literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search box: "#12" or "12" also finds the record with that id. */
function search(q: string | undefined, id: SQL, columns: SQL[]): SQL | null {
  if (!q) return null;
  const byText = sql.join(
    columns.map((c) => sql`${c} ilike ${contains(q)}`),
    sql` or `,
  );
  const idMatch = /^#?(\d{1,9})$/.exec(q);
  return idMatch ? sql`(${byText} or ${id} = ${Number(idMatch[1])})` : sql`(${byText})`;
}

/** A filter's value as a whole number, or undefined when absent or not a number (then the filter is ignored). */
function intFilter(args: SecretListArgs, name: string): number | undefined {
  const value = args.filters[name];
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

function boolFilter(args: SecretListArgs, name: string): boolean | undefined {
  const value = args.filters[name];
  return value === 'yes' ? true : value === 'no' ? false : undefined;
}

function where(conditions: Array<SQL | null | false | undefined>): SQL {
  const present = conditions.filter((c): c is SQL => !!c);
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
}

async function page<Row extends Record<string, unknown>>(
  db: Executor,
  select: SQL,
  from: SQL,
  filter: SQL,
  order: SQL,
  args: SecretListArgs,
): Promise<{ rows: Row[]; total: number }> {
  const { rows } = await db.execute<Row>(
    sql`select ${select} ${from} ${filter} order by ${order} limit ${args.limit} offset ${args.offset}`,
  );
  const counted = await db.execute<{ total: number }>(sql`select count(*)::int as total ${from} ${filter}`);
  return { rows: rows as Row[], total: counted.rows[0]?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// Lessons

export interface LessonRow extends Record<string, unknown> {
  id: number;
  title: string;
  course_id: number;
  course_title: string;
  is_published: boolean;
  is_coming_soon: boolean;
  is_premium: boolean;
  is_demo: boolean;
  has_success_measure: boolean;
  version: number;
  chunk_count: number;
}

const lessonSelect = sql`l.id, l.title, l.course_id, co.title as course_title, l.is_published, l.is_coming_soon,
  l.is_premium, l.is_demo, l.has_success_measure, l.version,
  (select count(*)::int from chunks ch where ch.lesson_id = l.id) as chunk_count`;
const lessonFrom = sql`from lessons l join courses co on co.id = l.course_id`;

export async function listLessons(db: Executor, args: SecretListArgs) {
  const course = intFilter(args, 'course');
  const published = boolFilter(args, 'published');
  const filter = where([
    search(args.q, sql`l.id`, [sql`l.title`]),
    course !== undefined && sql`l.course_id = ${course}`,
    published !== undefined && sql`l.is_published = ${published}`,
  ]);
  return page<LessonRow>(db, lessonSelect, lessonFrom, filter, sql`lower(l.title), l.id`, args);
}

export async function findLesson(db: Executor, id: number): Promise<LessonRow | null> {
  const { rows } = await db.execute<LessonRow>(sql`select ${lessonSelect} ${lessonFrom} where l.id = ${id}`);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Exams

export interface ExamRow extends Record<string, unknown> {
  id: number;
  title: string;
  course_id: number;
  course_title: string;
  kind: 'exam' | 'question_set' | 'reflective_question_set';
  is_published: boolean;
  is_submittable: boolean;
  question_count: number;
  marks_total: string;
  time_limit_minutes: number | null;
  additional_materials: string;
  hide_solutions_until_release: boolean;
}

const examSelect = sql`e.id, e.title, e.course_id, co.title as course_title, e.kind, e.is_published,
  e.is_submittable, e.question_count, e.marks_total, e.time_limit_minutes, e.additional_materials,
  e.hide_solutions_until_release`;
const examFrom = sql`from exams e join courses co on co.id = e.course_id`;

export async function listExams(db: Executor, args: SecretListArgs) {
  const course = intFilter(args, 'course');
  const published = boolFilter(args, 'published');
  const kind = args.filters.kind;
  const filter = where([
    search(args.q, sql`e.id`, [sql`e.title`]),
    course !== undefined && sql`e.course_id = ${course}`,
    published !== undefined && sql`e.is_published = ${published}`,
    kind !== undefined && sql`e.kind = ${kind}`,
  ]);
  return page<ExamRow>(db, examSelect, examFrom, filter, sql`lower(e.title), e.id`, args);
}

export async function findExam(db: Executor, id: number): Promise<ExamRow | null> {
  const { rows } = await db.execute<ExamRow>(sql`select ${examSelect} ${examFrom} where e.id = ${id}`);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// School classes

export interface SchoolClassRow extends Record<string, unknown> {
  id: number;
  title: string;
  school_id: number;
  school_name: string;
  course_id: number;
  course_title: string;
  class_type: string;
  features: string;
  calendar_year: number;
  expiration_date: string | null;
  /** Raw rows carry timestamps as text. */
  created_at: string | Date;
  student_count: number;
  teacher_names: string | null;
}

const classSelect = sql`c.id, c.title, c.school_id, s.name as school_name, c.course_id, co.title as course_title,
  c.class_type, c.features, c.calendar_year, c.expiration_date, c.created_at,
  (select count(*)::int from enrolments en where en.class_id = c.id) as student_count,
  (select string_agg(trim(u.first_name || ' ' || u.last_name), ', ' order by u.last_name, u.first_name)
     from class_teachers ct join profiles p on p.id = ct.profile_id join users u on u.id = p.user_id
     where ct.class_id = c.id) as teacher_names`;
const classFrom = sql`from school_classes c join schools s on s.id = c.school_id join courses co on co.id = c.course_id`;

export async function listClasses(db: Executor, args: SecretListArgs) {
  const school = intFilter(args, 'school');
  const year = intFilter(args, 'year');
  const type = args.filters.type;
  const filter = where([
    search(args.q, sql`c.id`, [sql`c.title`, sql`s.name`]),
    school !== undefined && sql`c.school_id = ${school}`,
    year !== undefined && sql`c.calendar_year = ${year}`,
    type !== undefined && sql`c.class_type = ${type}`,
  ]);
  return page<SchoolClassRow>(
    db,
    classSelect,
    classFrom,
    filter,
    sql`c.calendar_year desc, lower(s.name), lower(c.title), c.id`,
    args,
  );
}

export async function findClass(db: Executor, id: number): Promise<SchoolClassRow | null> {
  const { rows } = await db.execute<SchoolClassRow>(sql`select ${classSelect} ${classFrom} where c.id = ${id}`);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Branches (course tree nodes)

export interface BranchRow extends Record<string, unknown> {
  id: number;
  course_id: number;
  course_title: string;
  course_version: number;
  parent_id: number | null;
  parent_title: string | null;
  node_type: 'course' | 'section' | 'lesson' | 'exam' | 'attachment';
  value_id: number;
  position: number;
  title: string;
  /** Sections: published. Attachments: the two flags. Null where the type has no such field. */
  is_published: boolean | null;
  additional_materials: boolean | null;
  is_premium: boolean | null;
}

/** The title of whatever a tree node points at, by its type. */
const nodeTitle = (n: SQL) => sql`coalesce(
  case ${n}.node_type
    when 'section' then (select title from sections where id = ${n}.value_id)
    when 'lesson' then (select title from lessons where id = ${n}.value_id)
    when 'exam' then (select title from exams where id = ${n}.value_id)
    when 'attachment' then (select title from attachments where id = ${n}.value_id)
    when 'course' then (select title from courses where id = ${n}.value_id)
  end, '')`;

const branchSelect = sql`n.id, n.course_id, co.title as course_title, co.version as course_version, n.parent_id,
  ${nodeTitle(sql`p`)} as parent_title, n.node_type, n.value_id, n.position, ${nodeTitle(sql`n`)} as title,
  case n.node_type when 'section' then (select is_published from sections where id = n.value_id) end as is_published,
  case n.node_type when 'attachment' then (select additional_materials from attachments where id = n.value_id)
    end as additional_materials,
  case n.node_type when 'attachment' then (select is_premium from attachments where id = n.value_id) end as is_premium`;
const branchFrom = sql`from course_tree_nodes n join courses co on co.id = n.course_id
  left join course_tree_nodes p on p.id = n.parent_id`;

export async function listBranches(db: Executor, args: SecretListArgs) {
  const course = intFilter(args, 'course');
  const type = args.filters.type;
  const filter = where([
    search(args.q, sql`n.id`, [nodeTitle(sql`n`)]),
    course !== undefined && sql`n.course_id = ${course}`,
    type !== undefined && sql`n.node_type = ${type}`,
  ]);
  return page<BranchRow>(
    db,
    branchSelect,
    branchFrom,
    filter,
    sql`lower(co.title), n.course_id, n.parent_id nulls first, n.position, n.id`,
    args,
  );
}

export async function findBranch(db: Executor, id: number): Promise<BranchRow | null> {
  const { rows } = await db.execute<BranchRow>(sql`select ${branchSelect} ${branchFrom} where n.id = ${id}`);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Activities

export interface ActivityRow extends Record<string, unknown> {
  id: number;
  title: string;
  course_id: number | null;
  course_title: string | null;
  lesson_id: number | null;
  lesson_title: string | null;
  block_count: number;
  version: number;
  updated_at: string | Date;
}

const activitySelect = sql`a.id, a.title, a.course_id, co.title as course_title, a.lesson_id, l.title as lesson_title,
  jsonb_array_length(a.blocks)::int as block_count, a.version, a.updated_at`;
const activityFrom = sql`from activities a left join courses co on co.id = a.course_id
  left join lessons l on l.id = a.lesson_id`;

export async function listActivities(db: Executor, args: SecretListArgs) {
  const course = intFilter(args, 'course');
  const filter = where([
    search(args.q, sql`a.id`, [sql`a.title`]),
    course !== undefined && sql`a.course_id = ${course}`,
  ]);
  return page<ActivityRow>(db, activitySelect, activityFrom, filter, sql`lower(a.title), a.id`, args);
}

export async function findActivity(db: Executor, id: number): Promise<ActivityRow | null> {
  const { rows } = await db.execute<ActivityRow>(sql`select ${activitySelect} ${activityFrom} where a.id = ${id}`);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Filter options and the audit history

export async function courseOptions(db: Executor): Promise<Array<{ id: number; title: string }>> {
  const { rows } = await db.execute<{ id: number; title: string }>(
    sql`select id, title from courses order by lower(title), id`,
  );
  return rows;
}

export async function schoolOptions(db: Executor): Promise<Array<{ id: number; name: string }>> {
  const { rows } = await db.execute<{ id: number; name: string }>(
    sql`select id, name from schools order by lower(name), id`,
  );
  return rows;
}

export async function classYears(db: Executor): Promise<number[]> {
  const { rows } = await db.execute<{ year: number }>(
    sql`select distinct calendar_year as year from school_classes order by year desc`,
  );
  return rows.map((r) => r.year);
}

export interface AuditHistoryRow extends Record<string, unknown> {
  id: number;
  action: string;
  entity_type: string;
  actor: string | null;
  actor_email: string | null;
  before: unknown;
  after: unknown;
  created_at: string | Date;
}

/** The audit log entries about any of the (type, id) pairs, newest first. */
export async function auditHistory(
  db: Executor,
  refs: Array<{ entityType: string; entityId: string }>,
  limit: number,
): Promise<AuditHistoryRow[]> {
  if (!refs.length) return [];
  const matches = sql.join(
    refs.map((r) => sql`(a.entity_type = ${r.entityType} and a.entity_id = ${r.entityId})`),
    sql` or `,
  );
  const { rows } = await db.execute<AuditHistoryRow>(sql`
    select a.id, a.action, a.entity_type, trim(u.first_name || ' ' || u.last_name) as actor, u.email as actor_email,
      a.before, a.after, a.created_at
    from audit_log a left join users u on u.id = a.actor_user_id
    where ${matches}
    order by a.created_at desc, a.id desc
    limit ${limit}`);
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Payment lock list items (the payments feature's table)

export interface LockListItemRow extends Record<string, unknown> {
  id: number;
  school_id: number;
  school_name: string;
  calendar_year: number;
  due_date: string;
  locks_unpaid: boolean;
  note: string;
  updated_at: string | Date;
  updated_by_name: string | null;
  locked_students: number;
}

const lockItemSelect = sql`li.id, li.school_id, s.name as school_name, li.calendar_year, li.due_date::text as due_date,
  li.locks_unpaid, li.note, li.updated_at,
  (select trim(u.first_name || ' ' || u.last_name) from users u where u.id = li.updated_by) as updated_by_name,
  (select count(distinct e.profile_id)::int from payment_locks pl join enrolments e on e.id = pl.enrolment_id
     join school_classes c on c.id = e.class_id
    where pl.school_id = li.school_id and c.calendar_year = li.calendar_year) as locked_students`;
const lockItemFrom = sql`from payment_lock_list_items li join schools s on s.id = li.school_id`;

export async function listLockListItems(db: Executor, args: SecretListArgs) {
  const school = intFilter(args, 'school');
  const year = intFilter(args, 'year');
  const locks = boolFilter(args, 'locks');
  const filter = where([
    search(args.q, sql`li.id`, [sql`s.name`, sql`li.note`]),
    school !== undefined && sql`li.school_id = ${school}`,
    year !== undefined && sql`li.calendar_year = ${year}`,
    locks !== undefined && sql`li.locks_unpaid = ${locks}`,
  ]);
  return page<LockListItemRow>(
    db,
    lockItemSelect,
    lockItemFrom,
    filter,
    sql`li.calendar_year desc, lower(s.name), li.id`,
    args,
  );
}

export async function findLockListItem(db: Executor, id: number): Promise<LockListItemRow | null> {
  const { rows } = await db.execute<LockListItemRow>(sql`select ${lockItemSelect} ${lockItemFrom} where li.id = ${id}`);
  return rows[0] ?? null;
}
