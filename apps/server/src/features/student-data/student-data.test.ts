import { AccessStatus } from '@banksia/contracts/classes';
import { progressGridSchema } from '@banksia/contracts/progress-grids';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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
import {
  createClass,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
  createExamWithQuestions,
} from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { databaseReplacements, ownRowReplacements, scrubValue } from './student-data.scrub';
import { coveredColumns, EXPORT_SECTIONS, STAFF_ACTION_COLUMNS } from './student-data.sections';
import { rebuildRollup } from '../progress/index';
import { syncCharges } from '../payments/index';

const ctx = useTestApp();

const FIRST = 'Zebedee';
const LAST = 'Quillfeather';
const EMAIL = 'zebedee.quill@pupil.test';
const PASSWORD = 'a long enough password';
const at = new Date('2026-03-02T09:00:00.000Z');
const FILE_BYTES = Buffer.from('%PDF-1.4 the essay\n');

interface ForeignKey {
  table: string;
  column: string;
  references: 'users' | 'profiles';
}

/** Every column of a public table with a foreign key to users or profiles, read from the catalog. */
async function foreignKeysToStudents(): Promise<ForeignKey[]> {
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
async function textColumnsEverywhere() {
  const { rows } = await ctx.db.execute<{ schema: string; table: string; column: string }>(sql`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'jsonb', 'json')`);
  return rows;
}

/** Where `needle` appears (case-insensitively) in any text or JSON column of the database: `schema.table.column`. */
async function whereInDatabase(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const c of await textColumnsEverywhere()) {
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${sql.identifier(c.schema)}.${sql.identifier(c.table)}
      where ${sql.identifier(c.column)}::text ilike ${`%${needle}%`}`);
    if (rows[0]!.n > 0) found.push(`${c.schema}.${c.table}.${c.column}`);
  }
  return found;
}

async function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
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

let f: Awaited<ReturnType<typeof seed>>;

/**
 * A school with a class; a student with a row in every table that references users or profiles (their name and
 * email written into free text in many of them); the class's teacher, a school admin, content staff, and another
 * school's admin.
 */
async function seed() {
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

describe('the export covers every table that references a student', () => {
  it('has an export section for every foreign key to users or profiles (a new table cannot be forgotten)', async () => {
    const covered = coveredColumns();
    const keys = await foreignKeysToStudents();
    expect(keys.length).toBeGreaterThan(20);
    const missing = keys.map((k) => `${k.table}.${k.column}`).filter((k) => !covered.has(k));
    expect(missing, 'tables.columns referencing users/profiles that the student data export does not read').toEqual([]);
    // Columns said to hold only staff who acted are still foreign keys to users (a renamed one would hide a table).
    const { rows: staffKeys } = await ctx.db.execute<{ key: string }>(sql`
      select cl.relname || '.' || a.attname as key from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid join pg_class rt on rt.oid = c.confrelid
      cross join lateral unnest(c.conkey) as k(attnum)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
      where c.contype = 'f' and rt.relname = 'users'`);
    const userKeys = new Set(staffKeys.map((r) => r.key));
    expect(STAFF_ACTION_COLUMNS.filter((c) => !userKeys.has(c))).toEqual([]);
    // And no section claims a column that is not a foreign key (a renamed column would otherwise pass unnoticed).
    const real = new Set(keys.map((k) => `${k.table}.${k.column}`));
    expect([...covered].filter((c) => !real.has(c))).toEqual([]);
  });

  it('seeds the test student into every one of those tables (so the next test proves each is exported)', async () => {
    const empty: string[] = [];
    for (const k of await foreignKeysToStudents()) {
      const { rows } = await ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from ${sql.identifier(k.table)} where ${sql.identifier(k.column)} = ${f.ids[k.references]}`);
      if (rows[0]!.n === 0) empty.push(`${k.table}.${k.column}`);
    }
    expect(empty, 'add a row for the test student to these tables in seed()').toEqual([]);
  });
});

describe('exporting a student', () => {
  it('refuses teachers who are not school admins, students and other schools (403 or 404)', async () => {
    const url = `/api/v1/student-data/users/${f.student.user.id}/export/`;
    expect((await (await ctx.client(f.teacher.user.id)).get(url)).statusCode).toBe(403);
    expect((await (await ctx.client(f.classmate.user.id)).get(url)).statusCode).toBe(403);
    expect((await (await ctx.client(f.foreignAdmin.user.id)).get(url)).statusCode).toBe(404);
    // Not a student: a teacher's account is not exported here.
    const staffClient = await ctx.client(f.staff.id);
    expect((await staffClient.get(`/api/v1/student-data/users/${f.teacher.user.id}/export/`)).statusCode).toBe(409);
  });

  it('gives a school admin a zip with a JSON and a CSV of every table, a README and the uploaded file', async () => {
    const client = await ctx.client(f.admin.user.id);
    const res = await client.get(`/api/v1/student-data/users/${f.student.user.id}/export/`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="student-data-\d+-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const zip = await readZip(res.rawPayload);

    expect(zip.has('README.txt')).toBe(true);
    for (const section of EXPORT_SECTIONS) {
      expect(zip.has(`${section.table}.json`), section.table).toBe(true);
      expect(zip.has(`${section.table}.csv`), section.table).toBe(true);
    }
    const json = (table: string) => JSON.parse(zip.get(`${table}.json`)!.toString('utf8')) as Record<string, unknown>[];

    // A row from every table that references the student, found by the referencing column itself.
    const notExported: string[] = [];
    for (const k of await foreignKeysToStudents()) {
      if (!json(k.table).some((row) => row[k.column] === f.ids[k.references]))
        notExported.push(`${k.table}.${k.column}`);
    }
    expect(notExported).toEqual([]);
    expect(json('exam_answers')).toHaveLength(1);
    expect(json('email_outbox').map((r) => r.to)).toEqual([EMAIL]);

    // Secrets are left out; personal data is in.
    expect(json('users')[0]).toMatchObject({ first_name: FIRST, last_name: LAST, email: EMAIL });
    expect(json('users')[0]).not.toHaveProperty('password_hash');
    expect(json('sessions')[0]).not.toHaveProperty('id_hash');
    expect(json('password_tokens')[0]).not.toHaveProperty('token_hash');

    // The uploaded file, byte for byte, listed in files.json.
    const files = json('files');
    expect(files).toHaveLength(1);
    expect(zip.get(files[0]!.path_in_zip as string)).toEqual(FILE_BYTES);

    // CSV: a byte-order mark, a header of the table's columns, formulas neutralised.
    const events = zip.get('tracked_events.csv')!.toString('utf8');
    expect(events.startsWith('\uFEFFid,user_id,kind,name,')).toBe(true);
    expect(events).toContain(`'=HYPERLINK(""x"")`);

    // Audited: who exported which student.
    const { rows } = await ctx.db.execute<{ actor_user_id: number; entity_id: string }>(sql`
      select actor_user_id, entity_id from audit_log where action = 'export_student_data'`);
    expect(rows).toEqual([{ actor_user_id: f.admin.user.id, entity_id: String(f.student.user.id) }]);
  });
});

describe('erasing a student', () => {
  const url = () => `/api/v1/student-data/users/${f.student.user.id}/erase/`;

  it('refuses a teacher who is not a school admin, students and other schools', async () => {
    const body = { confirm_name: `${FIRST} ${LAST}` };
    expect((await (await ctx.client(f.teacher.user.id)).post(url(), body)).statusCode).toBe(403);
    expect((await (await ctx.client(f.classmate.user.id)).post(url(), body)).statusCode).toBe(403);
    expect((await (await ctx.client(f.foreignAdmin.user.id)).post(url(), body)).statusCode).toBe(404);
  });

  it('needs the full name typed; a wrong name changes nothing', async () => {
    const client = await ctx.client(f.admin.user.id);
    const res = await client.post(url(), { confirm_name: FIRST });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['confirm_name']);
    expect(await whereInDatabase(LAST)).not.toEqual([]);
  });

  it('removes who they are everywhere, keeps their work in the class grid, and they can no longer sign in', async () => {
    const teacher = await ctx.client(f.teacher.user.id);
    const gridUrl = `/api/v1/classes/${f.klass.id}/progress-grids/lesson/${f.lesson.id}/`;
    const rowOf = async () => {
      const grid = progressGridSchema.parse((await teacher.get(gridUrl)).json());
      return grid.rows.find((r) => r.student?.profile_id === f.student.profile.id);
    };
    const before = await rowOf();
    expect(before?.label).toBe(`${FIRST} ${LAST}`);
    expect(before?.cells[0]?.status).toBe('visited');

    const client = await ctx.client(f.admin.user.id);
    // Case and spacing are forgiven.
    const res = await client.post(url(), { confirm_name: `  ${FIRST.toLowerCase()}   ${LAST} ` });
    expect(res.statusCode, res.body).toBe(200);

    // Not in any text, varchar or JSON column of any table of the database.
    for (const needle of [`${FIRST} ${LAST}`, FIRST, LAST, EMAIL, EMAIL.split('@')[0]!]) {
      expect(await whereInDatabase(needle), needle).toEqual([]);
    }

    // The work stays on the same profile: the grid still counts it, under the erased name.
    const after = await rowOf();
    expect(after?.label).toBe('Erased student');
    expect(after?.cells).toEqual(before?.cells);
    const { rows: kept } = await ctx.db.execute<{
      visits: number;
      sittings: number;
      answers: number;
      responses: number;
    }>(sql`
      select (select count(*)::int from chunk_visits where profile_id = ${f.student.profile.id}) as visits,
        (select count(*)::int from exam_sittings where profile_id = ${f.student.profile.id}) as sittings,
        (select count(*)::int from exam_answers a join exam_sittings s on s.id = a.sitting_id
          where s.profile_id = ${f.student.profile.id} and a.marks_awarded = 1) as answers,
        (select count(*)::int from activity_responses where profile_id = ${f.student.profile.id}
          and block_responses->'upload1'->>'file_key' = ${f.fileKey}) as responses`);
    expect(kept[0]).toEqual({ visits: 1, sittings: 1, answers: 1, responses: 1 });

    // Notes and support text removed, emails to them deleted, the account closed.
    const { rows: account } = await ctx.db.execute<Record<string, unknown>>(sql`
      select u.first_name, u.last_name, u.email, u.password_hash, u.is_active,
        (select count(*)::int from sessions where user_id = u.id) as sessions,
        (select count(*)::int from password_tokens where user_id = u.id) as tokens,
        (select html from lesson_notes where profile_id = ${f.student.profile.id}) as note
      from users u where u.id = ${f.student.user.id}`);
    expect(account[0]).toEqual({
      first_name: 'Erased',
      last_name: 'student',
      email: `erased-student-${f.student.user.id}@erased.invalid`,
      password_hash: null,
      is_active: false,
      sessions: 0,
      tokens: 0,
      note: '<p>[removed: the student was erased]</p>',
    });

    // Signing in fails, with the old address or the placeholder; the old session is gone.
    const anonymous = await ctx.client();
    for (const email of [EMAIL, `erased-student-${f.student.user.id}@erased.invalid`]) {
      const login = await anonymous.post('/api/v1/auth/login/', { email, password: PASSWORD });
      expect(login.statusCode, email).toBe(400);
    }
    expect((await f.studentClient.get('/api/v1/auth/me/')).statusCode).toBe(401);

    // Audited, without the name (the scan above covers the audit log too).
    const { rows: audits } = await ctx.db.execute<{ actor_user_id: number }>(sql`
      select actor_user_id from audit_log where action = 'erase_student' and entity_id = ${String(f.student.user.id)}`);
    expect(audits).toEqual([{ actor_user_id: f.admin.user.id }]);

    // Nobody else changed: the classmate keeps their name and address.
    const { rows: classmate } = await ctx.db.execute<{ first_name: string; email: string }>(sql`
      select first_name, email from users where id = ${f.classmate.user.id}`);
    expect(classmate[0]).toEqual({ first_name: f.classmate.user.firstName, email: f.classmate.user.email });

    // Erasing again is a conflict, not a second erasure.
    expect((await client.post(url(), { confirm_name: 'Erased student' })).statusCode).toBe(409);
  });
});

describe('what erasure matches', () => {
  const person = { firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@x.test', placeholderEmail: 'p@erased.invalid' };

  it('across the database: the address and the full name, not a longer address or a name inside a word', async () => {
    const replace = async (text: string) => {
      let expression = sql`${text}::text`;
      for (const r of databaseReplacements(person)) {
        expression = sql`regexp_replace(${expression}, ${r.pattern}, ${r.replacement}, 'gi')`;
      }
      const { rows } = await ctx.db.execute<{ out: string }>(sql`select ${expression} as out`);
      return rows[0]!.out;
    };
    expect(await replace('Mail ANN.LEE@x.test, not joann.lee@x.test or ann.lee@x.test.au.')).toBe(
      'Mail p@erased.invalid, not joann.lee@x.test or ann.lee@x.test.au.',
    );
    expect(await replace('Ann  Lee, Lee, Ann and lee ann; Annabel Leeds, Ann alone')).toBe(
      'Erased student, Erased student and Erased student; Annabel Leeds, Ann alone',
    );
  });

  it("in the student's own rows: each name as a word, everywhere but file keys", () => {
    const { value, changed } = scrubValue(
      { file_key: 'uploads/school-1/user-2/x-Ann_Lee.pdf', text: 'Ann wrote this, Leeann did not', list: ['LEE'] },
      ownRowReplacements(person),
    );
    expect(changed).toBe(true);
    expect(value).toEqual({
      file_key: 'uploads/school-1/user-2/x-Ann_Lee.pdf',
      text: '[name removed] wrote this, Leeann did not',
      list: ['[name removed]'],
    });
    expect(scrubValue({ a: 'nothing here' }, ownRowReplacements(person)).changed).toBe(false);
  });
});
