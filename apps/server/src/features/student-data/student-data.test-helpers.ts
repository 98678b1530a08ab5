import { AccessStatus } from '@banksia/contracts/classes';
import { sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import yauzl from 'yauzl';
import {
  activities,
  activityResponses,
  auditLog,
  chunkVisits,
  chunkWatches,
  classTeachers,
  clientErrors,
  signIns,
  ssoConnections,
  ssoIdentities,
  trialAccounts,
  welcomeEmailSends,
  welcomeEmailSteps,
  emailOutbox,
  examAnswers,
  examClassLocks,
  examExtraTime,
  examQuestionGroks,
  examQuestionNotes,
  examResultReleases,
  examSittings,
  lessonNotes,
  lessonSelfRatings,
  passwordTokens,
  reviewCards,
  reviewLogs,
  supportRequests,
  tasks,
  trackedEvents,
  userRoles,
  checkoutSessions,
  classProducts,
  paymentLinks,
  refundRuns,
  refunds,
} from '../../db/schema/index';
import { privateStorageFor } from '../../platform/storage';
import { createExamWithQuestions } from '../../../test/factories';
import {
  createClass,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
} from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { STAFF_ACTION_COLUMNS } from './student-data.sections';
import { rebuildRollup } from '../progress/index';
import { syncCharges } from '../payments/index';

/** The setup the student-data tests share: one app and database per test file, a student with rows in every table. */

export const ctx = useTestApp();

export const FIRST = 'Zebedee';

export const LAST = 'Quillfeather';

export const EMAIL = 'zebedee.quill@pupil.test';

export const PASSWORD = 'a long enough password';

export const at = new Date('2026-03-02T09:00:00.000Z');

export const FILE_BYTES = Buffer.from('%PDF-1.4 the essay\n');

export interface ForeignKey {
  table: string;
  column: string;
  references: 'users' | 'profiles';
}

/** Every column of a public table with a foreign key to users or profiles, read from the catalog. */
export async function foreignKeysToStudents(): Promise<ForeignKey[]> {
  const { rows } = await ctx.db.execute<{ table: string; column: string; references: 'users' | 'profiles' }>(sql`
    select cl.relname as table, a.attname as column, rt.relname as references
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class rt on rt.oid = c.confrelid
    join pg_namespace rn on rn.oid = rt.relnamespace
    cross join lateral unnest(c.conkey) as k(attnum)
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
    where c.contype = 'f' and rn.nspname = 'public' and rt.relname in ('users', 'profiles')
    order by 1, 2`);
  return rows.filter((k) => !STAFF_ACTION_COLUMNS.includes(`${k.table}.${k.column}`));
}

/** Every text, varchar and json(b) column of every base table in the database (all schemas but the system's). */
export async function textColumnsEverywhere() {
  const { rows } = await ctx.db.execute<{ schema: string; table: string; column: string }>(sql`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'jsonb', 'json')`);
  return rows;
}

/** Where `needle` appears (case-insensitively) in any text or JSON column of the database: `schema.table.column`. */
export async function whereInDatabase(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const c of await textColumnsEverywhere()) {
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${sql.identifier(c.schema)}.${sql.identifier(c.table)}
      where ${sql.identifier(c.column)}::text ilike ${`%${needle}%`}`);
    if (rows[0]!.n > 0) found.push(`${c.schema}.${c.table}.${c.column}`);
  }
  return found;
}

export async function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

export let f: Awaited<ReturnType<typeof seed>>;

/**
 * A school with a class; a student with a row in every table that references users or profiles (their name and
 * email written into free text in many of them); the class's teacher, a school admin, content staff, and another
 * school's admin.
 */
export async function seed() {
  const school = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, school);
  const otherClass = await createClass(ctx.db, school, { courseId: klass.courseId });
  const student = await createStudent(ctx.db, school, [klass], {
    firstName: FIRST,
    lastName: LAST,
    email: EMAIL,
    password: PASSWORD,
    accessStatus: AccessStatus.UPLOADED,
  });
  const classmate = await createStudent(ctx.db, school, [klass]);
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const admin = await createTeacher(ctx.db, school, [], { roles: ['teacher', 'school_admin'] });
  const staff = await createUser(ctx.db, { roles: ['content_admin'] });
  const foreignSchool = await createSchool(ctx.db);
  const foreignAdmin = await createTeacher(ctx.db, foreignSchool, [], { roles: ['teacher', 'school_admin'] });
  const { lesson, chunks } = await createLesson(ctx.db, { id: klass.courseId });
  const { exam, questions } = await createExamWithQuestions(
    ctx.db,
    { id: klass.courseId },
    { questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }] },
  );
  const u = student.user.id;
  const p = student.profile.id;
  const base = { schoolId: school.id, classId: klass.id, profileId: p };

  // A session (the student signs in), and their uploaded file in private storage.
  const studentClient = await ctx.client(u);
  const fileKey = `uploads/school-${school.id}/user-${u}/abc123-essay.pdf`;
  await privateStorageFor(ctx.config).put(fileKey, FILE_BYTES, 'application/pdf');

  const other = await createUser(ctx.db);
  await ctx.db.insert(userRoles).values({ userId: other.id, role: 'roster_admin', grantedBy: u });
  await ctx.db.insert(passwordTokens).values({
    userId: u,
    tokenHash: 'h'.repeat(64),
    purpose: 'invite',
    createdAt: at,
    expiresAt: at,
  });
  await ctx.db.insert(classTeachers).values({ schoolId: school.id, classId: otherClass.id, profileId: p });
  await ctx.db.insert(chunkVisits).values({ ...base, chunkId: chunks[0]!.id, firstVisitedAt: at, lastVisitedAt: at });
  await ctx.db.insert(chunkWatches).values({ ...base, chunkId: chunks[0]!.id, secondsWatched: 30, updatedAt: at });
  await ctx.db
    .insert(lessonSelfRatings)
    .values({ schoolId: school.id, profileId: p, lessonId: lesson.id, rating: 4, updatedAt: at });
  await ctx.db
    .insert(lessonNotes)
    .values({ ...base, lessonId: lesson.id, html: `<p>${FIRST} ${LAST}'s notes: my secret diary</p>`, updatedAt: at });
  const [activity] = await ctx.db
    .insert(activities)
    .values({ title: 'Essay', courseId: klass.courseId, blocks: [], createdBy: u, updatedAt: at })
    .returning();
  await ctx.db.insert(activityResponses).values({
    ...base,
    activityId: activity!.id,
    blockResponses: {
      text1: { response_values: [`My name is ${FIRST} and my surname is ${LAST}`] },
      upload1: { file_key: fileKey, fileName: 'essay.pdf', size: FILE_BYTES.length, type: 'application/pdf' },
    },
    updatedAt: at,
  });
  const [sitting] = await ctx.db
    .insert(examSittings)
    .values({ ...base, examId: exam.id, startedAt: at, status: 'submitted', submittedAt: at, transcribedBy: u })
    .returning();
  await ctx.db.insert(examAnswers).values({
    schoolId: school.id,
    sittingId: sitting!.id,
    questionId: questions[0]!.id,
    answer: { text: `${FIRST.toLowerCase()} wrote this` } as never,
    markStatus: 'correct',
    marksAwarded: '1',
    feedback: `<p>Well done ${FIRST}!</p>`,
    markedBy: u,
    updatedAt: at,
  });
  await ctx.db.insert(examExtraTime).values({ ...base, minutes: 10, updatedBy: u, updatedAt: at });
  await ctx.db.insert(examQuestionGroks).values({ ...base, questionId: questions[0]!.id, grokkedAt: at });
  await ctx.db
    .insert(examQuestionNotes)
    .values({ ...base, questionId: questions[0]!.id, body: '<p>note</p>', updatedAt: at });
  await ctx.db
    .insert(examClassLocks)
    .values({ schoolId: school.id, classId: klass.id, examId: exam.id, status: 'OPEN', updatedBy: u, updatedAt: at });
  await ctx.db
    .insert(examResultReleases)
    .values({ schoolId: school.id, classId: klass.id, examId: exam.id, releasedAt: at, releasedBy: u });
  await ctx.db.insert(reviewCards).values({
    ...base,
    questionId: questions[0]!.id,
    source: 'wrong',
    due: at,
    stability: 1,
    difficulty: 5,
    createdAt: at,
  });
  await ctx.db.insert(reviewLogs).values({
    ...base,
    questionId: questions[0]!.id,
    rating: 1,
    correct: false,
    scheduledDays: 1,
    stability: 1,
    reviewedAt: at,
  });
  // A teacher writes the student's full name into a task of another class: only the database-wide scrub finds it.
  await ctx.db.insert(tasks).values({
    schoolId: school.id,
    classId: otherClass.id,
    title: 'Catch-up',
    instructions: `<p>${FIRST}  ${LAST}: see me about ${EMAIL.toUpperCase()}</p>`,
    dueAt: at,
    createdBy: u,
    createdAt: at,
    updatedAt: at,
  });
  await ctx.db.insert(supportRequests).values({
    userId: u,
    resolvedBy: u,
    email: EMAIL,
    message: `I am ${FIRST} ${LAST} and I cannot sign in`,
    page: '/',
  });
  // A formula-looking value: the CSV must neutralise it.
  await ctx.db
    .insert(trackedEvents)
    .values({ userId: u, kind: 'event', name: '=HYPERLINK("x")', path: '/home/', occurredAt: at });
  await ctx.db.insert(clientErrors).values({ userId: u, message: `Crash for ${LAST}, ${FIRST}`, path: '/' });
  // Staff tools: a sign-in, a trial account made by (and for) them, a welcome email sent to them.
  await ctx.db.insert(signIns).values({ userId: u, at: new Date(), ip: '10.0.0.9', userAgent: 'UA', success: true });
  // A school sign-in account linked to them.
  const [connection] = await ctx.db
    .insert(ssoConnections)
    .values({ schoolId: school.id, name: 'School Google', protocol: 'oidc', provider: 'google', emailDomains: [] })
    .returning();
  await ctx.db
    .insert(ssoIdentities)
    .values({ connectionId: connection!.id, userId: u, issuer: 'https://accounts.google.com', subject: 'sub-1' });
  await ctx.db
    .insert(trialAccounts)
    .values({ userId: u, createdBy: u, schoolId: school.id, classId: klass.id, createdAt: new Date() });
  const [welcome] = await ctx.db
    .insert(welcomeEmailSteps)
    .values({
      role: 'student',
      classType: 'N',
      daysAfter: 1,
      subject: 'Hi',
      body: 'Hi',
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning();
  await ctx.db
    .insert(welcomeEmailSends)
    .values({ stepId: welcome!.id, userId: u, classId: klass.id, sentAt: new Date() });
  await ctx.db.insert(auditLog).values([
    {
      actorUserId: u,
      action: 'update_names',
      entityType: 'user',
      entityId: String(u),
      before: { first_name: FIRST, last_name: LAST },
      after: { first_name: FIRST, last_name: LAST },
    },
    { actorUserId: staff.id, action: 'grant_role', entityType: 'user', entityId: String(u), after: { email: EMAIL } },
  ]);
  await ctx.db.insert(emailOutbox).values({
    to: EMAIL,
    subject: `Welcome, ${FIRST}`,
    html: `<p>Hi ${FIRST}</p>`,
    text: `Hi ${FIRST}`,
    template: 'password-invite',
    createdAt: at,
  });
  // Fees: a priced class charges the student, a payment link and checkout pay it, and a refund run pays part back.
  await ctx.db.insert(classProducts).values({
    schoolId: school.id,
    calendarYear: klass.calendarYear,
    feature: klass.features,
    priceCents: 5_000,
    updatedBy: staff.id,
    updatedAt: at,
  });
  await ctx.db.transaction((tx) =>
    syncCharges(tx, { schoolId: school.id, calendarYear: klass.calendarYear, profileIds: [p], at }),
  );
  await ctx.db.insert(paymentLinks).values({
    code: 'student-data-link',
    schoolId: school.id,
    profileId: p,
    calendarYear: klass.calendarYear,
    createdAt: at,
  });
  await ctx.db.insert(checkoutSessions).values({
    id: 'cs_test_student_data',
    provider: 'test',
    schoolId: school.id,
    profileId: p,
    calendarYear: klass.calendarYear,
    paymentLinkCode: 'student-data-link',
    amountCents: 5_000,
    currency: 'AUD',
    url: 'http://localhost/checkout',
    status: 'complete',
    paymentStatus: 'paid',
    idempotencyKey: 'student-data-checkout',
    createdAt: at,
    expiresAt: at,
  });
  const [run] = await ctx.db
    .insert(refundRuns)
    .values({ calendarYear: klass.calendarYear, status: 'draft', createdBy: staff.id, createdAt: at })
    .returning();
  await ctx.db.insert(refunds).values({
    runId: run!.id,
    schoolId: school.id,
    profileId: p,
    calendarYear: klass.calendarYear,
    checkoutSessionId: 'cs_test_student_data',
    amountCents: 1_000,
    currency: 'AUD',
    status: 'draft',
    idempotencyKey: 'student-data-refund',
    createdAt: at,
    updatedAt: at,
  });
  // The progress rollup is derived from the visits and sittings above, as the services keep it.
  await rebuildRollup(ctx.db);
  return {
    school,
    klass,
    lesson,
    student,
    classmate,
    teacher,
    admin,
    staff,
    foreignAdmin,
    studentClient,
    fileKey,
    ids: { users: u, profiles: p } as const,
  };
}

beforeAll(async () => {
  f = await seed();
});
