import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { emailOutbox, schools } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

const summaryColumns = {
  id: emailOutbox.id,
  schoolId: emailOutbox.schoolId,
  schoolName: schools.name,
  to: emailOutbox.to,
  subject: emailOutbox.subject,
  template: emailOutbox.template,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

export interface OutboxFilter {
  schoolId?: number | undefined;
  to?: string | undefined;
}

function where(filter: OutboxFilter): SQL | undefined {
  const to = filter.to?.toLowerCase();
  return and(
    filter.schoolId !== undefined ? eq(emailOutbox.schoolId, filter.schoolId) : undefined,
    to ? ilike(emailOutbox.to, `%${to.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
}

/** One page of messages, newest first, and how many match in all. */
export async function listMessages(db: Executor, filter: OutboxFilter, page: { limit: number; offset: number }) {
  const condition = where(filter);
  const rows = await db
    .select(summaryColumns)
    .from(emailOutbox)
    .leftJoin(schools, eq(schools.id, emailOutbox.schoolId))
    .where(condition)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(emailOutbox).where(condition);
  return { rows, count: total?.n ?? 0 };
}

export type OutboxSummaryRow = Awaited<ReturnType<typeof listMessages>>['rows'][number];

export async function findMessage(db: Executor, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, html: emailOutbox.html, text: emailOutbox.text, messageId: emailOutbox.messageId })
    .from(emailOutbox)
    .leftJoin(schools, eq(schools.id, emailOutbox.schoolId))
    .where(eq(emailOutbox.id, id));
  return row ?? null;
}

export type OutboxDetailRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;
