import {
  welcomeLogResponse,
  welcomePreviewResponse,
  welcomeStepListResponse,
  welcomeStepSchema,
  type WelcomeStepBody,
} from '@banksia/contracts/welcome-emails';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, classTeachers, emailOutbox, enrolments, trackedEvents } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { runWelcomeJourney } from './welcome-emails.service';

const ctx = useTestApp();
const DAY = 86_400_000;
const BASE = '/api/v1/admin/welcome-emails';

const step = (over: Partial<WelcomeStepBody> = {}): WelcomeStepBody => ({
  role: 'teacher',
  class_type: 'TT',
  days_after: 0,
  subject: 'Welcome to {{class_title}}',
  body: 'Hello {{first_name}},\n\nYour class {{class_title}} on {{course_title}} is ready.\nSign in: {{sign_in_link}}',
  stop_when: null,
  is_active: true,
  ...over,
});

async function staff() {
  const user = await createUser(ctx.db, { roles: ['content_admin'], email: `staff-${Date.now()}@x.test` });
  return { user, client: await ctx.client(user.id) };
}

describe('welcome emails: the series', () => {
  it('creates, edits and deletes emails, audited, and names the field at fault', async () => {
    const { user, client } = await staff();
    const created = await client.post(`${BASE}/`, step({ stop_when: 'signed_in' }));
    expect(created.statusCode).toBe(201);
    const saved = welcomeStepSchema.parse(created.json());
    expect(saved).toMatchObject({ role: 'teacher', class_type: 'TT', stop_when: 'signed_in', sent_count: 0 });
    const edited = await client.put(`${BASE}/${saved.id}/`, step({ days_after: 3, subject: 'Day three' }));
    expect(edited.json()).toMatchObject({ id: saved.id, days_after: 3, subject: 'Day three' });
    const bad = await client.post(`${BASE}/`, step({ days_after: -1, subject: '' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['days_after', 'subject']);
    const list = welcomeStepListResponse.parse((await client.get(`${BASE}/`)).json());
    expect(list.results.map((s) => s.id)).toContain(saved.id);
    expect((await client.request({ method: 'DELETE', url: `${BASE}/${saved.id}/` })).statusCode).toBe(204);
    const actions = await ctx.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'welcome_email_step'), eq(auditLog.entityId, String(saved.id))));
    expect(actions).toEqual([
      { action: 'create_welcome_email', actor: user.id },
      { action: 'update_welcome_email', actor: user.id },
      { action: 'delete_welcome_email', actor: user.id },
    ]);
  });

  it('previews in the email layout with sample values, escaping whatever the template says', async () => {
    const { client } = await staff();
    const response = await client.post(`${BASE}/preview/`, {
      subject: 'Hi {{first_name}}',
      body: 'Hello {{first_name}} <script>alert(1)</script>\n\nGo: {{sign_in_link}} {{unknown}}',
    });
    const preview = welcomePreviewResponse.parse(response.json());
    expect(preview.subject).toBe('Hi Alex');
    expect(preview.html).toContain('Hello Alex &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(preview.html).not.toContain('<script>');
    expect(preview.html).toMatch(/<a href="http[^"]+\/account\/">/);
    expect(preview.html).toContain('{{unknown}}');
    expect(preview.html).toContain('Example High School on Banksia');
    expect(preview.text).toContain('Hello Alex <script>');
  });

  it('sends a test to the staff member’s own address through the outbox', async () => {
    const { user, client } = await staff();
    const saved = welcomeStepSchema.parse((await client.post(`${BASE}/`, step())).json());
    const response = await client.post(`${BASE}/${saved.id}/test-send/`);
    expect(response.statusCode).toBe(200);
    const [mail] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, response.json().outbox_id));
    expect(mail).toMatchObject({ to: user.email, template: 'welcome-test', subject: '[Test] Welcome to 9MAT (trial)' });
  });
});

describe('welcome emails: the journey', () => {
  it('sends the second email on day N, once, and not to a teacher who has done the step', async () => {
    ctx.clock.set('2026-05-04T02:00:00.000Z');
    const start = ctx.clock.now();
    const { client } = await staff();
    const first = welcomeStepSchema.parse((await client.post(`${BASE}/`, step({ class_type: 'C' }))).json());
    const second = welcomeStepSchema.parse(
      (
        await client.post(
          `${BASE}/`,
          step({ class_type: 'C', days_after: 3, subject: 'Add your students', stop_when: 'added_students' }),
        )
      ).json(),
    );
    const school = await createSchool(ctx.db, { name: 'Journey School' });
    const quiet = await createClass(ctx.db, school, { classType: 'C', title: 'Quiet class' });
    const busy = await createClass(ctx.db, school, { classType: 'C', title: 'Busy class' });
    const old = await createClass(ctx.db, school, { classType: 'C', title: 'Old class' });
    const a = await createTeacher(ctx.db, school, [quiet], { email: 'a.journey@x.test', firstName: 'Ana' });
    const b = await createTeacher(ctx.db, school, [busy], { email: 'b.journey@x.test' });
    const c = await createTeacher(ctx.db, school, [old], { email: 'c.journey@x.test' });
    await ctx.db
      .update(classTeachers)
      .set({ createdAt: start })
      .where(inArray(classTeachers.classId, [quiet.id, busy.id]));
    // Joined long ago: past the catch-up window, so a new series does not mail them.
    await ctx.db
      .update(classTeachers)
      .set({ createdAt: new Date(start.getTime() - 30 * DAY) })
      .where(eq(classTeachers.classId, old.id));
    const emails = [a.user.email, b.user.email, c.user.email];
    const sentTo = async (subject: string) =>
      (
        await ctx.db
          .select({ to: emailOutbox.to })
          .from(emailOutbox)
          .where(and(inArray(emailOutbox.to, emails), eq(emailOutbox.subject, subject)))
      )
        .map((r) => r.to)
        .sort();

    expect(await runWelcomeJourney(ctx.deps)).toBe(2);
    expect(await runWelcomeJourney(ctx.deps)).toBe(0);
    expect(await sentTo('Welcome to Quiet class')).toEqual(['a.journey@x.test']);
    expect(await sentTo('Welcome to Busy class')).toEqual(['b.journey@x.test']);

    // B adds a student: the step "added students" is done.
    await createStudent(ctx.db, school, [busy], { accessStatus: 40 });
    ctx.clock.set(new Date(start.getTime() + 3 * DAY - 60_000));
    expect(await runWelcomeJourney(ctx.deps)).toBe(0);
    ctx.clock.set(new Date(start.getTime() + 3 * DAY));
    expect(await runWelcomeJourney(ctx.deps)).toBe(1);
    expect(await runWelcomeJourney(ctx.deps)).toBe(0);
    expect(await sentTo('Add your students')).toEqual(['a.journey@x.test']);
    const [mail] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Add your students'));
    expect(mail!.text).toContain('Hello Ana,');
    expect(mail!.schoolId).toBe(school.id);

    const { client: later } = await staff();
    const log = welcomeLogResponse.parse((await later.get(`${BASE}/log/?step_id=${second.id}`)).json());
    expect(log.results).toEqual([
      expect.objectContaining({ to: 'a.journey@x.test', class_title: 'Quiet class', status: 'queued' }),
    ]);
    const all = welcomeLogResponse.parse((await later.get(`${BASE}/log/`)).json());
    expect(all.results.filter((r) => r.step_id === first.id)).toHaveLength(2);
    const listed = welcomeStepListResponse.parse((await later.get(`${BASE}/`)).json());
    expect(listed.results.find((s) => s.id === second.id)!.sent_count).toBe(1);
  });

  it("counts days on the school's clock: a day across the end of daylight saving is 25 hours", async () => {
    // Saturday 4 April 2026, 10:00 in Sydney and 08:00 in Perth; Sydney's clocks go back an hour that night.
    ctx.clock.set('2026-04-03T23:00:00.000Z');
    const start = ctx.clock.now();
    const { client } = await staff();
    const created = await client.post(`${BASE}/`, step({ class_type: 'N', days_after: 1, subject: 'Day one tips' }));
    expect(created.statusCode).toBe(201);
    const people: string[] = [];
    for (const timeZone of ['Australia/Sydney', 'Australia/Perth']) {
      const school = await createSchool(ctx.db, { timeZone });
      const klass = await createClass(ctx.db, school, { classType: 'N' });
      const teacher = await createTeacher(ctx.db, school, [klass], {
        email: `dst-${timeZone.slice(10).toLowerCase()}@x.test`,
      });
      await ctx.db.update(classTeachers).set({ createdAt: start }).where(eq(classTeachers.classId, klass.id));
      people.push(teacher.user.email);
    }
    const sentTo = async () =>
      (
        await ctx.db
          .select({ to: emailOutbox.to })
          .from(emailOutbox)
          .where(and(inArray(emailOutbox.to, people), eq(emailOutbox.subject, 'Day one tips')))
      ).map((r) => r.to);

    // 24 hours later: 09:00 Sunday in Sydney (not yet the same time a day on), 08:00 in Perth (a day on).
    ctx.clock.set(new Date(start.getTime() + DAY));
    await runWelcomeJourney(ctx.deps);
    expect(await sentTo()).toEqual(['dst-perth@x.test']);
    // 25 hours later: 10:00 Sunday in Sydney.
    ctx.clock.set(new Date(start.getTime() + DAY + 3_600_000));
    await runWelcomeJourney(ctx.deps);
    expect((await sentTo()).sort()).toEqual(['dst-perth@x.test', 'dst-sydney@x.test']);
    const url = `${BASE}/${welcomeStepSchema.parse(created.json()).id}/`;
    // Signed in afresh (the clock moved on a day); the step goes, so the later journeys do not send it.
    const { client: later } = await staff();
    expect((await later.request({ method: 'DELETE', url })).statusCode).toBe(204);
  });

  it('leaves out inactive steps, deactivated people and anonymous trial accounts', async () => {
    ctx.clock.set('2026-07-01T02:00:00.000Z');
    const { client } = await staff();
    await client.post(`${BASE}/`, step({ role: 'student', class_type: 'ST', subject: 'Student hello' }));
    await client.post(`${BASE}/`, step({ role: 'student', class_type: 'ST', subject: 'Off', is_active: false }));
    const school = await createSchool(ctx.db);
    const course = (await createClass(ctx.db, school)).courseId;
    const trial = await client.post('/api/v1/admin/trials/student-classes/', {
      school_id: school.id,
      course_id: course,
      title: 'ST',
      expiration_date: '2026-08-01',
    });
    await client.post('/api/v1/admin/trials/accounts/', { class_id: trial.json().id, count: 2 });
    const real = await createStudent(ctx.db, school, [{ id: trial.json().id }], { accessStatus: 40 });
    const off = await createStudent(ctx.db, school, [{ id: trial.json().id }], { accessStatus: 40, isActive: false });
    await ctx.db.update(enrolments).set({ createdAt: ctx.clock.now() }).where(eq(enrolments.classId, trial.json().id));
    expect(await runWelcomeJourney(ctx.deps)).toBe(1);
    const rows = await ctx.db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, 'Student hello'));
    expect(rows.map((r) => r.to)).toEqual([real.user.email]);
    expect(off.user.isActive).toBe(false);
  });

  it('counts a teacher’s lesson page view as having opened a lesson', async () => {
    ctx.clock.set('2026-09-01T02:00:00.000Z');
    const { client } = await staff();
    await client.post(
      `${BASE}/`,
      step({ class_type: 'C', days_after: 0, subject: 'Open a lesson', stop_when: 'opened_lesson' }),
    );
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school, { classType: 'C' });
    const looked = await createTeacher(ctx.db, school, [klass], { email: 'looked.lesson@x.test' });
    const notYet = await createTeacher(ctx.db, school, [klass], { email: 'not.yet@x.test' });
    await ctx.db.update(classTeachers).set({ createdAt: ctx.clock.now() }).where(eq(classTeachers.classId, klass.id));
    await ctx.db.insert(trackedEvents).values({
      userId: looked.user.id,
      kind: 'page_view',
      name: 'page_view',
      path: `/class/${klass.id}/lesson/12/`,
      occurredAt: ctx.clock.now(),
    });
    await runWelcomeJourney(ctx.deps);
    const rows = await ctx.db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, 'Open a lesson'));
    expect(rows.map((r) => r.to)).toEqual([notYet.user.email]);
  });
});
