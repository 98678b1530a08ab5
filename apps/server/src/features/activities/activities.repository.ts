import type { ActivityBlock, BlockResponse } from '@banksia/contracts/activities';
import { and, eq, sql } from 'drizzle-orm';
import { activities, activityResponses } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

export type ActivityRow = typeof activities.$inferSelect;
export type ResponseRow = typeof activityResponses.$inferSelect;

export async function findActivity(db: Executor, id: number): Promise<ActivityRow | null> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id));
  return row ?? null;
}

export async function insertActivity(db: Executor, values: typeof activities.$inferInsert): Promise<ActivityRow> {
  const [row] = await db.insert(activities).values(values).returning();
  return row!;
}

/** The activity locked for update (inside a transaction). */
export async function lockActivity(db: Executor, id: number): Promise<ActivityRow | null> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id)).for('update');
  return row ?? null;
}

/** Applies a partial change and bumps the version; null when there is no such activity. */
export async function updateActivity(
  db: Executor,
  id: number,
  change: Partial<{ title: string; blocks: ActivityBlock[]; courseId: number | null; lessonId: number | null }>,
  now: Date,
): Promise<ActivityRow | null> {
  const [row] = await db
    .update(activities)
    .set({ ...change, updatedAt: now, version: sql`${activities.version} + 1` })
    .where(eq(activities.id, id))
    .returning();
  return row ?? null;
}

/** Whether a profile is a student on the class's roster (access status LOCKED or above). */
export async function isOnRoster(db: Executor, classId: number, profileId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from enrolments e where e.class_id = ${classId} and e.profile_id = ${profileId}
                  and e.access_status >= 25) as found`);
  return rows[0]?.found ?? false;
}

/** The response of a student to an activity in a class, created empty (version 0) if there is none yet. */
export async function ensureResponse(
  db: Executor,
  k: { schoolId: number; activityId: number; classId: number; profileId: number; now: Date },
): Promise<ResponseRow> {
  await db
    .insert(activityResponses)
    .values({
      schoolId: k.schoolId,
      activityId: k.activityId,
      classId: k.classId,
      profileId: k.profileId,
      updatedAt: k.now,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(activityResponses)
    .where(
      and(
        eq(activityResponses.activityId, k.activityId),
        eq(activityResponses.classId, k.classId),
        eq(activityResponses.profileId, k.profileId),
      ),
    );
  return row!;
}

/** The response locked for update (inside a transaction). */
export async function lockResponse(db: Executor, id: number): Promise<ResponseRow | null> {
  const [row] = await db.select().from(activityResponses).where(eq(activityResponses.id, id)).for('update');
  return row ?? null;
}

export async function findResponse(db: Executor, id: number): Promise<ResponseRow | null> {
  const [row] = await db.select().from(activityResponses).where(eq(activityResponses.id, id));
  return row ?? null;
}

export async function writeResponse(
  db: Executor,
  id: number,
  blockResponses: Record<string, BlockResponse>,
  now: Date,
): Promise<ResponseRow> {
  const [row] = await db
    .update(activityResponses)
    .set({ blockResponses, version: sql`${activityResponses.version} + 1`, updatedAt: now })
    .where(eq(activityResponses.id, id))
    .returning();
  return row!;
}

/**
 * Records an uploaded file in one block's response, in one statement (other answers untouched). The version is
 * not bumped: file fields belong to the server, and a save from an editor that has not seen the upload keeps them.
 */
export async function recordUpload(
  db: Executor,
  id: number,
  blockId: string,
  file: Pick<BlockResponse, 'file_key' | 'fileName' | 'size' | 'type'>,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update activity_responses
    set block_responses = jsonb_set(block_responses, array[${blockId}]::text[],
          coalesce(block_responses -> ${blockId}, '{}'::jsonb) || ${JSON.stringify(file)}::jsonb),
        updated_at = ${now}::timestamptz
    where id = ${id}`);
}

/** Deletes every response to an activity; answers how many, and the storage keys of the files they held. */
export async function deleteResponses(
  db: Executor,
  activityId: number,
): Promise<{ count: number; fileKeys: string[] }> {
  const deleted = await db
    .delete(activityResponses)
    .where(eq(activityResponses.activityId, activityId))
    .returning({ blockResponses: activityResponses.blockResponses });
  const fileKeys = deleted.flatMap((r) =>
    Object.values(r.blockResponses).flatMap((b) => (typeof b?.file_key === 'string' && b.file_key ? [b.file_key] : [])),
  );
  return { count: deleted.length, fileKeys };
}

/** Whether a profile belongs to a user. */
export async function profileOfUser(db: Executor, profileId: number, userId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from profiles where id = ${profileId} and user_id = ${userId}) as found`);
  return rows[0]?.found ?? false;
}

/**
 * Every student on a class's roster with their response to an activity (null where they have none): one query,
 * ordered like the class lists (last name, first name).
 */
export async function classResponses(db: Executor, q: { activityId: number; classId: number; schoolId: number }) {
  const { rows } = await db.execute<{
    profile_id: number;
    first_name: string;
    last_name: string;
    response_id: number | null;
    block_responses: Record<string, BlockResponse> | null;
    version: number | null;
    updated_at: string | Date | null;
  }>(sql`
    select p.id as profile_id, u.first_name, u.last_name,
           r.id as response_id, r.block_responses, r.version, r.updated_at
    from enrolments e
    join profiles p on p.id = e.profile_id
    join users u on u.id = p.user_id
    left join activity_responses r
      on r.activity_id = ${q.activityId} and r.class_id = e.class_id and r.profile_id = p.id
    where e.class_id = ${q.classId} and e.school_id = ${q.schoolId} and e.access_status >= 25
    order by lower(u.last_name), lower(u.first_name), p.id`);
  return rows;
}
