import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { supportRequests } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

export async function countSince(db: Executor, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportRequests)
    .where(and(eq(supportRequests.ip, ip), gt(supportRequests.createdAt, since)));
  return row?.n ?? 0;
}

export async function create(db: Executor, values: typeof supportRequests.$inferInsert): Promise<number> {
  const [row] = await db.insert(supportRequests).values(values).returning({ id: supportRequests.id });
  return row!.id;
}

/** Newest first, unresolved before resolved; at most 200. */
export async function list(db: Executor) {
  const { rows } = await db.execute<{
    id: number;
    message: string;
    page: string;
    email: string | null;
    user_id: number | null;
    user_name: string | null;
    created_at: string;
    resolved_at: string | null;
  }>(sql`
    select r.id, r.message, r.page, r.email, r.user_id,
           case when u.id is null then null else u.first_name || ' ' || u.last_name end as user_name,
           to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
           to_char(r.resolved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as resolved_at
    from support_requests r left join users u on u.id = r.user_id
    order by r.resolved_at is not null, r.created_at desc
    limit 200`);
  return rows;
}

export async function resolve(db: Executor, id: number, by: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(supportRequests)
    .set({ resolvedAt: at, resolvedBy: by })
    .where(and(eq(supportRequests.id, id), isNull(supportRequests.resolvedAt)))
    .returning({ id: supportRequests.id });
  if (rows.length) return true;
  const [exists] = await db.select({ id: supportRequests.id }).from(supportRequests).where(eq(supportRequests.id, id));
  return !!exists;
}
