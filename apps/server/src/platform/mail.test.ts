import { eq } from 'drizzle-orm';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema/index';
import { createSchool, createUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import type { AppDeps } from './deps';
import { deadLetterQueue, JOBS_SCHEMA, Jobs, pgClientOf } from './jobs';
import { mailSendJob, messageIdFor, queueEmail } from './mail';
import { html, renderEmail } from './mail-templates';

const ctx = useTestApp();
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => smtp?.close());

const running: Jobs[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((j) => j.stop()));
  smtp.messages.length = 0;
  smtp.reject = false;
});

/** The app's deps with mail going to the test SMTP server. */
function smtpDeps(): AppDeps {
  return { ...ctx.deps, config: { ...ctx.config, smtpUrl: smtp.url, mailFrom: 'Banksia <no-reply@banksia.test>' } };
}

function pool() {
  return pgClientOf(ctx.db) as pg.Pool;
}

async function jobRows(name: string) {
  const { rows } = await pool().query<{ state: string; retry_count: number }>(
    `select state::text as state, retry_count from ${JOBS_SCHEMA}.job where name = $1`,
    [name],
  );
  return rows;
}

async function waitFor<T>(check: () => Promise<T> | T, ms = 15_000): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function welcome(schoolName: string, name: string) {
  return renderEmail({
    schoolName,
    subject: `Welcome, ${name}`,
    html: html`<p>Hello ${name}, welcome to ${schoolName}.</p>`,
    text: `Hello ${name}, welcome to ${schoolName}.`,
  });
}

describe('queueEmail and the mail-send job, against a real SMTP server', () => {
  it('sends a message queued in a transaction, once, with its subject, text, HTML and Message-ID', async () => {
    const school = await createSchool(ctx.db, { name: 'Wattle Park School' });
    const id = await ctx.db.transaction((tx) =>
      queueEmail(ctx.deps, tx, {
        ...welcome('Wattle Park School', 'Ava'),
        schoolId: school.id,
        to: 'Ava.Nguyen@Example.test',
        template: 'welcome',
      }),
    );
    const deps = smtpDeps();
    expect(await ctx.jobs.runQueued('mail-send', deps)).toBe(1);

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toBe('Welcome, Ava');
    expect(mail.to).toMatchObject({ text: 'ava.nguyen@example.test' });
    expect(mail.from?.text).toContain('no-reply@banksia.test');
    expect(mail.messageId).toBe(messageIdFor(id, ctx.config));
    expect(mail.text).toContain('Hello Ava, welcome to Wattle Park School.');
    expect(mail.text).toContain('Wattle Park School on Banksia');
    expect(mail.html).toContain('<p>Hello Ava, welcome to Wattle Park School.</p>');

    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, messageId: mail.messageId });
    expect(row!.sentAt).not.toBeNull();

    // Delivered twice (a retry after a crash, say): the second run finds it sent and sends nothing.
    await ctx.jobs.enqueue('mail-send', { outboxId: id });
    expect(await ctx.jobs.runQueued('mail-send', deps)).toBe(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it('sends nothing for a transaction that rolls back', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await queueEmail(ctx.deps, tx, { ...welcome('X', 'Bo'), schoolId: null, to: 'bo@example.test', template: 't' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'bo@example.test'))).toEqual([]);
    expect(await ctx.jobs.runQueued('mail-send', smtpDeps())).toBe(0);
    expect(smtp.messages).toEqual([]);
  });

  it('retries when the server refuses, and marks the message failed after the last attempt', async () => {
    smtp.reject = true;
    const deps = smtpDeps();
    const jobs = new Jobs({
      pool: pool(),
      // Production waits 30 s and doubles; here: two retries, 1 s apart.
      definitions: [{ ...mailSendJob, retry: { limit: 2, delaySeconds: 1, backoff: false } }],
      log: pino({ level: 'silent' }),
      workers: 1,
      boss: { pollingIntervalSeconds: 0.5 },
    });
    running.push(jobs);
    await jobs.start({ ...deps, jobs });
    const id = await ctx.db.transaction((tx) =>
      queueEmail({ ...deps, jobs }, tx, {
        ...welcome('X', 'Cy'),
        schoolId: null,
        to: 'cy@example.test',
        template: 't',
      }),
    );
    const row = await waitFor(async () => {
      const [r] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      return r?.status === 'failed' ? r : null;
    });
    expect(row.attempts).toBe(3);
    expect(row.lastError).toMatch(/550/);
    expect(row.sentAt).toBeNull();
    expect(smtp.refused).toBeGreaterThanOrEqual(3);
    expect(smtp.messages).toEqual([]);
    await waitFor(async () => (await jobRows(deadLetterQueue('mail-send'))).length === 1);
    expect((await jobRows('mail-send')).find((j) => j.state === 'failed')).toMatchObject({ retry_count: 2 });
  });

  it('escapes every interpolated value in the HTML', () => {
    const mail = welcome('<b>Bad</b> School', '<script>alert(1)</script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;Bad&lt;/b&gt; School on Banksia');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(renderEmail({ schoolName: null, subject: 'a\r\nBcc: x@y.z', html: html``, text: '' }).subject).toBe(
      'a Bcc: x@y.z',
    );
  });
});

describe('without SMTP_URL', () => {
  it('keeps messages in the outbox, where content staff list and read them', async () => {
    const schoolA = await createSchool(ctx.db, { name: 'Acacia College' });
    const schoolB = await createSchool(ctx.db, { name: 'Banksia High' });
    await ctx.db.transaction(async (tx) => {
      await queueEmail(ctx.deps, tx, {
        ...welcome('Acacia College', 'Di'),
        schoolId: schoolA.id,
        to: 'di@a.test',
        template: 'welcome',
      });
      await queueEmail(ctx.deps, tx, {
        ...welcome('Banksia High', 'Ed'),
        schoolId: schoolB.id,
        to: 'ed@b.test',
        template: 'welcome',
      });
    });
    // The job runs and leaves them queued: there is no server to send them to.
    expect(await ctx.jobs.runQueued('mail-send', ctx.deps)).toBe(2);
    expect(smtp.messages).toEqual([]);

    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    const staff = await ctx.client(admin.id);
    const all = await staff.get('/api/v1/admin/outbox/');
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const list = all.json();
    expect(list.smtp_configured).toBe(false);
    const ours = list.results.filter((m: { to: string }) => m.to === 'di@a.test' || m.to === 'ed@b.test');
    expect(ours.map((m: { to: string; status: string }) => [m.to, m.status])).toEqual([
      ['ed@b.test', 'queued'],
      ['di@a.test', 'queued'],
    ]);

    const bySchool = (await staff.get(`/api/v1/admin/outbox/?school_id=${schoolA.id}`)).json();
    expect(bySchool.results.map((m: { to: string }) => m.to)).toEqual(['di@a.test']);
    expect(bySchool.results[0]).toMatchObject({ school_name: 'Acacia College', subject: 'Welcome, Di' });
    const byTo = (await staff.get('/api/v1/admin/outbox/?to=ED@B')).json();
    expect(byTo).toMatchObject({ count: 1, page: 1, page_size: 50 });

    const detail = await staff.get(`/api/v1/admin/outbox/${bySchool.results[0].id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ to: 'di@a.test', status: 'queued', message_id: null });
    expect(detail.json().html).toContain('<p>Hello Di, welcome to Acacia College.</p>');
    expect(detail.json().text).toContain('Hello Di, welcome to Acacia College.');
    expect((await staff.get('/api/v1/admin/outbox/999999/')).statusCode).toBe(404);
    expect((await staff.get('/api/v1/admin/outbox/?page=2')).json().results).toEqual([]);

    const teacher = await createUser(ctx.db, { roles: ['teacher', 'school_admin'] });
    expect((await (await ctx.client(teacher.id)).get('/api/v1/admin/outbox/')).statusCode).toBe(403);
  });
});
