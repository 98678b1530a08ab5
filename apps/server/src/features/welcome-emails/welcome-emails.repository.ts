import type { WelcomeStopStep } from '@banksia/contracts/welcome-emails';
import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { emailOutbox, schoolClasses, users, welcomeEmailSends, welcomeEmailSteps } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

export type StepRow = typeof welcomeEmailSteps.$inferSelect;

export async function listSteps(db: Executor) {
  return db
    .select({
      step: welcomeEmailSteps,
      sentCount: sql<number>`(select count(*)::int from welcome_email_sends w where w.step_id = "welcome_email_steps"."id")`,
    })
    .from(welcomeEmailSteps)
    .orderBy(
      asc(welcomeEmailSteps.role),
      asc(welcomeEmailSteps.classType),
      asc(welcomeEmailSteps.daysAfter),
      asc(welcomeEmailSteps.id),
    );
}

export async function findStep(db: Executor, id: number) {
  const [row] = await db.select().from(welcomeEmailSteps).where(eq(welcomeEmailSteps.id, id));
  return row ?? null;
}

export async function insertStep(db: Executor, values: typeof welcomeEmailSteps.$inferInsert) {
  const [row] = await db.insert(welcomeEmailSteps).values(values).returning();
  return row!;
}

export async function updateStep(db: Executor, id: number, values: Partial<typeof welcomeEmailSteps.$inferInsert>) {
  const [row] = await db.update(welcomeEmailSteps).set(values).where(eq(welcomeEmailSteps.id, id)).returning();
  return row ?? null;
}

export async function deleteStep(db: Executor, id: number) {
  await db.delete(welcomeEmailSteps).where(eq(welcomeEmailSteps.id, id));
}

export async function activeSteps(db: Executor) {
  return db
    .select()
    .from(welcomeEmailSteps)
    .where(eq(welcomeEmailSteps.isActive, true))
    .orderBy(asc(welcomeEmailSteps.id));
}

/** Whether the person (`u`) has done the step, as SQL over the candidate query's aliases. */
function doneStep(step: WelcomeStopStep): SQL {
  switch (step) {
    case 'signed_in':
      return sql`(u.last_login_at is not null
        or exists (select 1 from sign_ins si where si.user_id = u.id and si.success))`;
    case 'created_class':
      return sql`exists (select 1 from class_teachers ct2 join profiles p2 on p2.id = ct2.profile_id
        join school_classes c2 on c2.id = ct2.class_id where p2.user_id = u.id and c2.class_type in ('N', 'C'))`;
    case 'added_students':
      return sql`exists (select 1 from class_teachers ct2 join profiles p2 on p2.id = ct2.profile_id
        join enrolments e2 on e2.class_id = ct2.class_id and e2.access_status >= 25 where p2.user_id = u.id)`;
    case 'opened_lesson':
      // A student's visit is recorded as a chunk visit; a teacher's (who records none) as a lesson page view.
      return sql`(exists (select 1 from chunk_visits v join profiles p2 on p2.id = v.profile_id where p2.user_id = u.id)
        or exists (select 1 from tracked_events te where te.user_id = u.id and te.kind = 'page_view'
                   and te.path ~ '^/class/[0-9]+/lesson/[0-9]+/'))`;
  }
}

/** `now` less `days` days on the clock of the school `s` (joined by the caller), as SQL: a timestamptz. */
const daysBefore = (now: Date, days: number) =>
  sql`((${now.toISOString()}::timestamptz at time zone s.time_zone) - make_interval(days => ${days}::int)) at time zone s.time_zone`;

export type Candidate = {
  user_id: number;
  email: string;
  first_name: string;
  class_id: number;
  class_title: string;
  course_title: string;
  school_id: number;
  school_name: string;
};

/**
 * The people a step is due for at `now`: of its role in a class of its class type, whose membership started at least
 * `daysAfter` days ago and less than `daysAfter + catchUpDays` ago, counted in days of the school's clock (its time
 * zone, ADR 048: a day across a daylight-saving change is 23 or 25 hours), active, with an email address, not yet
 * sent this step, and not done its stop step. A person in several such classes counts once (their earliest).
 */
export async function dueCandidates(
  db: Executor,
  step: StepRow,
  window: { now: Date; daysAfter: number; catchUpDays: number },
): Promise<Candidate[]> {
  const member =
    step.role === 'teacher'
      ? sql`select ct.class_id, ct.profile_id, ct.created_at as started_at from class_teachers ct`
      : sql`select e.class_id, e.profile_id, e.created_at as started_at from enrolments e where e.access_status >= 25`;
  const { rows } = await db.execute<Candidate>(sql`
    select distinct on (u.id) u.id as user_id, u.email, u.first_name, c.id as class_id, c.title as class_title,
      co.title as course_title, s.id as school_id, s.name as school_name
    from (${member}) m
    join profiles p on p.id = m.profile_id
    join users u on u.id = p.user_id
    join school_classes c on c.id = m.class_id
    join courses co on co.id = c.course_id
    join schools s on s.id = c.school_id
    where c.class_type = ${step.classType}
      and m.started_at <= ${daysBefore(window.now, window.daysAfter)}
      and m.started_at > ${daysBefore(window.now, window.daysAfter + window.catchUpDays)}
      and u.is_active and position('@' in u.email) > 0
      and not exists (select 1 from welcome_email_sends w where w.step_id = ${step.id} and w.user_id = u.id)
      ${step.stopWhen ? sql`and not ${doneStep(step.stopWhen)}` : sql``}
    order by u.id, m.started_at, c.id`);
  return rows;
}

/** Claims a step for a person; false when it was already sent (the unique key), so a rerun sends nothing. */
export async function claimSend(db: Executor, values: typeof welcomeEmailSends.$inferInsert) {
  const [row] = await db
    .insert(welcomeEmailSends)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: welcomeEmailSends.id });
  return row?.id ?? null;
}

export async function setSendOutbox(db: Executor, id: number, outboxId: number) {
  await db.update(welcomeEmailSends).set({ outboxId }).where(eq(welcomeEmailSends.id, id));
}

/** A page of what the journey sent, newest first. */
export async function sendLog(db: Executor, stepId: number | undefined, page: { limit: number; offset: number }) {
  const where = stepId !== undefined ? eq(welcomeEmailSends.stepId, stepId) : undefined;
  const rows = await db
    .select({
      id: welcomeEmailSends.id,
      stepId: welcomeEmailSends.stepId,
      stepSubject: welcomeEmailSteps.subject,
      userId: welcomeEmailSends.userId,
      to: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      classId: welcomeEmailSends.classId,
      classTitle: schoolClasses.title,
      sentAt: welcomeEmailSends.sentAt,
      outboxId: welcomeEmailSends.outboxId,
      status: emailOutbox.status,
    })
    .from(welcomeEmailSends)
    .innerJoin(welcomeEmailSteps, eq(welcomeEmailSteps.id, welcomeEmailSends.stepId))
    .innerJoin(users, eq(users.id, welcomeEmailSends.userId))
    .leftJoin(schoolClasses, eq(schoolClasses.id, welcomeEmailSends.classId))
    .leftJoin(emailOutbox, eq(emailOutbox.id, welcomeEmailSends.outboxId))
    .where(where)
    .orderBy(desc(welcomeEmailSends.sentAt), desc(welcomeEmailSends.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(welcomeEmailSends).where(where);
  return { rows, count: total?.n ?? 0 };
}
