import { sql, type SQL } from 'drizzle-orm';

/** Who the export is about: the user and their profiles (a student may have one at each school). */
export interface StudentIds {
  userId: number;
  email: string;
  profileIds: number[];
}

/**
 * One table of the export: a JSON and a CSV file named after it. `where` picks the student's rows (the table's alias
 * is `t`); `covers` names every `table.column` holding a user or profile id that this section reads by, so the test
 * that walks the database's foreign keys (student-data.test.ts) can prove no table that references a student is left
 * out. `omit` drops columns that are secrets rather than data about the student (password and token hashes).
 */
export interface ExportSection {
  table: string;
  /** What the file holds, for README.txt. */
  description: string;
  where: (ids: StudentIds) => SQL;
  covers: readonly string[];
  omit?: readonly string[];
  orderBy?: string;
}

const inProfiles = (ids: StudentIds, column = 't.profile_id') =>
  sql`${sql.raw(column)} = any(${sql.param(ids.profileIds)}::int[])`;

/**
 * Columns that reference `users` but only ever hold the staff member who acted: the routes writing them refuse
 * students (roster imports, the video library and caption review are for content, roster staff and school admins).
 * They hold nothing about a student, so the export does not read them; the student-data test accepts each as
 * covered and checks it is still a foreign key. Adding a column here is a claim for review, not a way out of the test.
 */
export const STAFF_ACTION_COLUMNS: readonly string[] = [
  'caption_orders.requested_by',
  'caption_tracks.author_user_id',
  'caption_tracks.reviewer_user_id',
  'class_products.updated_by',
  'ledger_transactions.created_by',
  'payment_lock_list_items.updated_by',
  'refund_runs.approved_by',
  'refund_runs.created_by',
  'roster_datasets.applied_by',
  'roster_datasets.approved_by',
  'roster_datasets.created_by',
  'roster_datasets.mapping_confirmed_by',
  'roster_datasets.rolled_back_by',
  'roster_decisions.decided_by',
  'video_uploads.user_id',
];

/**
 * Every table holding something about a student. A new table with a foreign key to `users` or `profiles` must be
 * added here (or the student-data test fails naming it), and to erasure when it holds personal text.
 */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    table: 'users',
    description: 'The account: name, email, whether it is active, when it was made and last signed in.',
    where: (ids) => sql`t.id = ${ids.userId}`,
    covers: [],
    omit: ['password_hash'],
  },
  {
    table: 'user_roles',
    description: 'The roles of the account (student) and who granted them.',
    where: (ids) => sql`(t.user_id = ${ids.userId} or t.granted_by = ${ids.userId})`,
    covers: ['user_roles.user_id', 'user_roles.granted_by'],
  },
  {
    table: 'profiles',
    description: 'The student profile at each school, with the school id and the student code from the timetable.',
    where: (ids) => sql`t.user_id = ${ids.userId}`,
    covers: ['profiles.user_id'],
  },
  {
    table: 'sessions',
    description: 'Signed-in sessions: when, from which address and browser (the session key itself is not included).',
    where: (ids) => sql`t.user_id = ${ids.userId}`,
    covers: ['sessions.user_id'],
    omit: ['id_hash'],
    orderBy: 't.created_at',
  },
  {
    table: 'password_tokens',
    description: 'Set-password links sent (invitations and resets): when, and whether used (the link is not included).',
    where: (ids) => sql`t.user_id = ${ids.userId}`,
    covers: ['password_tokens.user_id'],
    omit: ['token_hash'],
  },
  {
    table: 'sign_ins',
    description: 'Sign-in attempts of the last 90 days: when, from which address and browser, and whether they worked.',
    where: (ids) => sql`t.user_id = ${ids.userId}`,
    covers: ['sign_ins.user_id'],
    orderBy: 't.at, t.id',
  },
  {
    table: 'sso_identities',
    description:
      'The school sign-in accounts (Google, Microsoft or the school’s own) linked to this account: the identity ' +
      'provider, the id it gives the person, and when they were linked and last used.',
    where: (ids) => sql`t.user_id = ${ids.userId}`,
    covers: ['sso_identities.user_id'],
    orderBy: 't.created_at, t.id',
  },
  {
    table: 'trial_accounts',
    description: 'When the account is an anonymous trial account: its trial class and when it was made.',
    where: (ids) => sql`(t.user_id = ${ids.userId} or t.created_by = ${ids.userId})`,
    covers: ['trial_accounts.user_id', 'trial_accounts.created_by'],
  },
  {
    table: 'welcome_email_sends',
    description: 'Welcome emails sent to the account (which email of the series, for which class, when).',
    where: (ids) => sql`t.user_id = ${ids.userId}`,
    covers: ['welcome_email_sends.user_id'],
    orderBy: 't.sent_at, t.id',
  },
  {
    table: 'enrolments',
    description: 'Classes the student is or was in, with the access status (25 and above: on the roster).',
    where: (ids) => inProfiles(ids),
    covers: ['enrolments.profile_id'],
  },
  {
    table: 'ledger_accounts',
    description:
      "The student's fee accounts per year: what they owe (receivable) and what is owed back (refunds payable).",
    where: (ids) => inProfiles(ids),
    covers: ['ledger_accounts.profile_id'],
  },
  {
    table: 'ledger_transactions',
    description: 'Fees charged, credits, payments and refunds posted for the student (the ledger is never changed).',
    where: (ids) => inProfiles(ids),
    covers: ['ledger_transactions.profile_id'],
    orderBy: 't.created_at, t.id',
  },
  {
    table: 'ledger_entries',
    description: "The lines of those transactions on the student's own accounts, in cents (positive: a debit).",
    where: (ids) => sql`t.account_id in (select a.id from ledger_accounts a where ${inProfiles(ids, 'a.profile_id')})`,
    covers: [],
    orderBy: 't.id',
  },
  {
    table: 'payment_links',
    description: 'Payment links made for the student, per year (the link itself is not included).',
    where: (ids) => inProfiles(ids),
    covers: ['payment_links.profile_id'],
    omit: ['code'],
  },
  {
    table: 'checkout_sessions',
    description: 'Checkouts started to pay fees: amount, provider, whether paid and when access opened.',
    where: (ids) => inProfiles(ids),
    covers: ['checkout_sessions.profile_id'],
    omit: ['payment_link_code', 'url'],
    orderBy: 't.created_at',
  },
  {
    table: 'refunds',
    description: 'Refunds of fees to the student: amount, status and when.',
    where: (ids) => inProfiles(ids),
    covers: ['refunds.profile_id'],
    orderBy: 't.created_at',
  },
  {
    table: 'class_teachers',
    description: 'Classes the profile teaches (empty for a student).',
    where: (ids) => inProfiles(ids),
    covers: ['class_teachers.profile_id'],
  },
  {
    table: 'chunk_visits',
    description: 'Lesson parts opened, per class: how often, first and last time.',
    where: (ids) => inProfiles(ids),
    covers: ['chunk_visits.profile_id'],
    orderBy: 't.first_visited_at',
  },
  {
    table: 'chunk_watches',
    description: 'Video watched per lesson part and class: seconds, furthest position, whether watched.',
    where: (ids) => inProfiles(ids),
    covers: ['chunk_watches.profile_id'],
    orderBy: 't.updated_at',
  },
  {
    table: 'lesson_self_ratings',
    description: 'How well the student rated their understanding of each lesson (1 to 5).',
    where: (ids) => inProfiles(ids),
    covers: ['lesson_self_ratings.profile_id'],
  },
  {
    table: 'lesson_notes',
    description: 'Notes the student took on lessons, per class (HTML).',
    where: (ids) => inProfiles(ids),
    covers: ['lesson_notes.profile_id'],
  },
  {
    table: 'activity_responses',
    description: 'Answers to activities, per block; uploaded files are in the files/ folder.',
    where: (ids) => inProfiles(ids),
    covers: ['activity_responses.profile_id'],
    orderBy: 't.id',
  },
  {
    table: 'exam_sittings',
    description: 'Exams, question sets and reflective sets started or submitted, per class.',
    where: (ids) => sql`(${inProfiles(ids)} or t.transcribed_by = ${ids.userId})`,
    covers: ['exam_sittings.profile_id', 'exam_sittings.transcribed_by'],
    orderBy: 't.id',
  },
  {
    table: 'exam_answers',
    description: "Each answer in those sittings, with the mark, the teacher's feedback and how it was marked.",
    where: (ids) =>
      sql`(t.sitting_id in (select s.id from exam_sittings s where ${inProfiles(ids, 's.profile_id')})
        or t.marked_by = ${ids.userId})`,
    covers: ['exam_answers.marked_by'],
    orderBy: 't.sitting_id, t.id',
  },
  {
    table: 'exam_extra_time',
    description: 'Extra minutes on timed exams (an access arrangement), per class.',
    where: (ids) => sql`(${inProfiles(ids)} or t.updated_by = ${ids.userId})`,
    covers: ['exam_extra_time.profile_id', 'exam_extra_time.updated_by'],
  },
  {
    table: 'exam_question_groks',
    description: 'Questions the student marked as now understood ("I get it now").',
    where: (ids) => inProfiles(ids),
    covers: ['exam_question_groks.profile_id'],
  },
  {
    table: 'exam_question_notes',
    description: 'Notes the student wrote on exam questions (HTML).',
    where: (ids) => inProfiles(ids),
    covers: ['exam_question_notes.profile_id'],
  },
  {
    table: 'exam_class_locks',
    description: 'Exam locks this account set (only teachers do).',
    where: (ids) => sql`t.updated_by = ${ids.userId}`,
    covers: ['exam_class_locks.updated_by'],
  },
  {
    table: 'exam_result_releases',
    description: 'Exam results this account released (only teachers do).',
    where: (ids) => sql`t.released_by = ${ids.userId}`,
    covers: ['exam_result_releases.released_by'],
  },
  {
    table: 'review_cards',
    description: 'Questions scheduled to come back in daily review, with their schedule.',
    where: (ids) => inProfiles(ids),
    covers: ['review_cards.profile_id'],
  },
  {
    table: 'review_logs',
    description: 'Every daily-review answer: when, right or not, and the next interval.',
    where: (ids) => inProfiles(ids),
    covers: ['review_logs.profile_id'],
    orderBy: 't.reviewed_at',
  },
  {
    table: 'progress_rollup',
    description: 'Progress per lesson and exam in each class, derived from the visits and sittings above.',
    where: (ids) => inProfiles(ids),
    covers: ['progress_rollup.profile_id'],
  },
  {
    table: 'tasks',
    description: "Tasks set to the student's classes (and any this account set).",
    where: (ids) =>
      sql`(t.class_id in (select e.class_id from enrolments e where ${inProfiles(ids, 'e.profile_id')})
        or t.created_by = ${ids.userId})`,
    covers: ['tasks.created_by'],
    orderBy: 't.due_at',
  },
  {
    table: 'task_items',
    description: 'The lessons, exams, sets and activities of those tasks.',
    where: (ids) =>
      sql`t.task_id in (select k.id from tasks k where k.class_id in
        (select e.class_id from enrolments e where ${inProfiles(ids, 'e.profile_id')}) or k.created_by = ${ids.userId})`,
    covers: [],
    orderBy: 't.task_id, t.position',
  },
  {
    table: 'activities',
    description: 'Activities this account wrote (only content staff do).',
    where: (ids) => sql`t.created_by = ${ids.userId}`,
    covers: ['activities.created_by'],
  },
  {
    table: 'support_requests',
    description: 'Messages sent to support from the account or its email address.',
    where: (ids) => sql`(t.user_id = ${ids.userId} or t.resolved_by = ${ids.userId} or t.email = ${ids.email})`,
    covers: ['support_requests.user_id', 'support_requests.resolved_by'],
    orderBy: 't.created_at',
  },
  {
    table: 'tracked_events',
    description: 'Pages viewed and actions recorded for product analytics.',
    where: (ids) => sql`t.user_id = ${ids.userId}`,
    covers: ['tracked_events.user_id'],
    orderBy: 't.occurred_at',
  },
  {
    table: 'client_errors',
    description: "Errors the student's browser reported.",
    where: (ids) => sql`t.user_id = ${ids.userId}`,
    covers: ['client_errors.user_id'],
    orderBy: 't.created_at',
  },
  {
    table: 'audit_log',
    description: 'Changes made by the account, and changes to the account and its work made by others.',
    where: (ids) => sql`(t.actor_user_id = ${ids.userId} or ${auditAbout(ids)})`,
    covers: ['audit_log.actor_user_id'],
    orderBy: 't.created_at, t.id',
  },
  {
    table: 'email_outbox',
    description: 'Emails the app wrote to the student (invitations, password resets).',
    where: (ids) => sql`t.to = ${ids.email}`,
    covers: [],
    orderBy: 't.created_at',
  },
  {
    table: 'login_failures',
    description: 'Failed sign-ins with the email address (kept for a day).',
    where: (ids) => sql`t.email = ${ids.email}`,
    covers: [],
    orderBy: 't.at',
  },
];

/** Audit entries about the student (alias `t`): their account, their sittings and answers, their extra time. */
export function auditAbout(ids: StudentIds): SQL {
  const profiles = sql.param(ids.profileIds);
  return sql`(
    (t.entity_type = 'user' and t.entity_id = ${String(ids.userId)})
    or (t.entity_type = 'profile' and t.entity_id = any(${profiles}::int[]::text[]))
    or (t.entity_type = 'exam_sitting' and t.entity_id in
      (select s.id::text from exam_sittings s where s.profile_id = any(${profiles}::int[])))
    or (t.entity_type = 'exam_answer' and t.entity_id in
      (select a.id::text from exam_answers a join exam_sittings s on s.id = a.sitting_id
       where s.profile_id = any(${profiles}::int[])))
    or (t.entity_type = 'exam_extra_time' and split_part(t.entity_id, ':', 2) = any(${profiles}::int[]::text[]))
  )`;
}

/** The covered `table.column` pairs, for the test that walks the database's foreign keys. */
export function coveredColumns(): Set<string> {
  return new Set(EXPORT_SECTIONS.flatMap((s) => s.covers));
}
