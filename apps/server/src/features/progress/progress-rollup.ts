import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/**
 * The progress rollup (table progress_rollup): one row per student × item (lesson or exam) × class holding what an
 * item grid's cell shows, so a grid reads one row per cell instead of aggregating the class's raw facts.
 *
 * Every write to a fact the cells are made of (chunk_visits, exam_sittings, exam_answers' marks) calls
 * `refreshRollup` in its own transaction, after the write. A cell is recomputed from the facts, never adjusted by a
 * delta, so a refresh cannot drift; `rebuildRollup` recomputes every cell the same way (after a bulk import, or to
 * repair the table).
 */

/** One cell: a student's progress in a class on one lesson, or on one exam (question sets included). */
export type RollupCell = { classId: number; profileId: number } & (
  { lessonId: number; examId?: undefined } | { examId: number; lessonId?: undefined }
);

const COLUMNS = sql`school_id, class_id, profile_id, lesson_id, exam_id, chunks_visited, submitted, marks, awaiting,
  in_progress`;

/** The facts' key columns narrowed to the `keys` relation's cells, or to one school, or not at all. */
type Scope = { keys: true } | { schoolId: number } | Record<string, never>;

function narrow(scope: Scope, classId: SQL, profileId: SQL, item: SQL, column: 'lesson_id' | 'exam_id'): SQL {
  if ('keys' in scope) {
    return sql`and (${classId}, ${profileId}, ${item}) in
      (select k.class_id, k.profile_id, k.${sql.raw(column)} from keys k)`;
  }
  if ('schoolId' in scope) return sql`and c.school_id = ${scope.schoolId}`;
  return sql``;
}

/**
 * The cells with any facts, computed from the facts, in the table's column order. A fact counts in the class it was
 * recorded in and only in that class's school, as the grids always scoped them. Lessons: chunks visited. Exams:
 * whether one sitting was submitted, the latest submitted one's total marks and whether any of its answers waits for a
 * teacher, and whether one is open.
 */
function cellsFromFacts(scope: Scope): SQL {
  return sql`
    select c.school_id, v.class_id, v.profile_id, ch.lesson_id, null::int, count(*)::int, false, null::numeric,
      null::boolean, false
    from chunk_visits v
    join school_classes c on c.id = v.class_id and c.school_id = v.school_id
    join chunks ch on ch.id = v.chunk_id
    where true ${narrow(scope, sql`v.class_id`, sql`v.profile_id`, sql`ch.lesson_id`, 'lesson_id')}
    group by c.school_id, v.class_id, v.profile_id, ch.lesson_id
    union all
    select st.school_id, st.class_id, st.profile_id, null::int, st.exam_id, 0, st.submitted, sc.marks, sc.awaiting,
      st.in_progress
    from (
      select c.school_id, s.class_id, s.profile_id, s.exam_id,
        bool_or(s.status = 'submitted') as submitted, bool_or(s.status = 'open') as in_progress,
        (array_agg(s.id order by s.submitted_at desc nulls last, s.id desc)
          filter (where s.status = 'submitted'))[1] as latest_id
      from exam_sittings s
      join school_classes c on c.id = s.class_id and c.school_id = s.school_id
      where true ${narrow(scope, sql`s.class_id`, sql`s.profile_id`, sql`s.exam_id`, 'exam_id')}
      group by c.school_id, s.class_id, s.profile_id, s.exam_id
    ) st
    left join lateral (
      select coalesce(sum(a.marks_awarded), 0) as marks,
        coalesce(bool_or(a.mark_status = 'needs_marking'), false) as awaiting
      from exam_answers a where a.sitting_id = st.latest_id and a.school_id = st.school_id
    ) sc on st.submitted`;
}

function keysRelation(cells: RollupCell[]): SQL {
  const json = JSON.stringify(
    cells.map((c) => ({ class_id: c.classId, profile_id: c.profileId, lesson_id: c.lessonId, exam_id: c.examId })),
  );
  return sql`keys as (
    select * from jsonb_to_recordset(${json}::jsonb) as k(class_id int, profile_id int, lesson_id int, exam_id int)
  )`;
}

const cellKey = (c: RollupCell) =>
  `${c.classId}:${c.profileId}:${c.lessonId === undefined ? `e${c.examId}` : c.lessonId}`;

/**
 * Recomputes the cells from the facts, in the caller's transaction and after its writes. Each cell is first locked
 * (a transaction-level advisory lock, taken in one order so two refreshes cannot deadlock), and only then read: in
 * READ COMMITTED the next statement sees whatever a concurrent refresh of the same cell committed, so two writers
 * (two chunks of one lesson visited at once) cannot each count only their own fact. The cells' rows are then
 * replaced; a cell left with no facts has no row.
 */
export async function refreshRollup(tx: Executor, cells: RollupCell | RollupCell[]): Promise<void> {
  const list = [...new Map((Array.isArray(cells) ? cells : [cells]).map((c) => [cellKey(c), c])).values()];
  if (!list.length) return;
  list.sort((a, b) => (cellKey(a) < cellKey(b) ? -1 : 1));
  const keys = list.map((c) => `progress_rollup:${cellKey(c)}`);
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(k, 0)) from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) k`);
  await tx.execute(sql`
    with ${keysRelation(list)}
    delete from progress_rollup r using keys k
    where r.class_id = k.class_id and r.profile_id = k.profile_id
      and (r.lesson_id = k.lesson_id or r.exam_id = k.exam_id)`);
  await tx.execute(sql`
    with ${keysRelation(list)}
    insert into progress_rollup (${COLUMNS}) ${cellsFromFacts({ keys: true })}`);
}

/** The exam cells of the given sittings (a re-mark touches answers of many sittings). */
export async function refreshRollupOfSittings(tx: Executor, sittingIds: number[]): Promise<void> {
  if (!sittingIds.length) return;
  const { rows } = await tx.execute<{ class_id: number; profile_id: number; exam_id: number }>(sql`
    select distinct class_id, profile_id, exam_id from exam_sittings where id in (select jsonb_array_elements_text(${JSON.stringify(sittingIds)}::jsonb)::int)`);
  await refreshRollup(
    tx,
    rows.map((r) => ({ classId: r.class_id, profileId: r.profile_id, examId: r.exam_id })),
  );
}

export interface RebuildCounts {
  deleted: number;
  inserted: number;
}

/**
 * Recomputes the whole rollup (or one school's) from the facts in one transaction. The table is locked against
 * refreshes first (SHARE ROW EXCLUSIVE: reads go on), so a write racing the rebuild either committed before the
 * facts are read or refreshes its cell after the rebuild commits.
 */
export async function rebuildRollup(db: Executor, o: { schoolId?: number } = {}): Promise<RebuildCounts> {
  const run = async (tx: Executor) => {
    await tx.execute(sql`lock table progress_rollup in share row exclusive mode`);
    const scope: Scope = o.schoolId === undefined ? {} : { schoolId: o.schoolId };
    const deleted = await tx.execute(
      o.schoolId === undefined
        ? sql`delete from progress_rollup`
        : sql`delete from progress_rollup where school_id = ${o.schoolId}`,
    );
    const inserted = await tx.execute(sql`insert into progress_rollup (${COLUMNS}) ${cellsFromFacts(scope)}`);
    return { deleted: deleted.rowCount ?? 0, inserted: inserted.rowCount ?? 0 };
  };
  return db.transaction(run);
}
