import { and, eq, lt, ne, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { emailOutbox } from '../db/schema/index';
import type { Config } from './config';
import type { Executor } from './db';
import type { AppDeps } from './deps';
import { defineJob, emptyPayload, type EmptyPayload } from './jobs';
import type { RenderedEmail } from './mail-templates';

/**
 * Email through an outbox (ADR 010): `queueEmail` writes the message and enqueues its send job in the caller's
 * transaction, so a change that rolls back sends nothing. The `mail-send` job sends it over SMTP when `SMTP_URL`
 * is set; without it the message stays in the outbox, where content staff read it.
 */

export const MAIL_SEND_JOB = 'mail-send';

declare module './jobs' {
  interface JobPayloads {
    'mail-send': { outboxId: number };
    'outbox-cleanup': EmptyPayload;
  }
}

export interface OutgoingEmail extends RenderedEmail {
  /** The school the message is about, if any (staff filter the outbox by it). */
  schoolId: number | null;
  to: string;
  /** Which template made it, e.g. `password-invite`. */
  template: string;
}

/** Writes a message to the outbox and enqueues its sending, both in `tx` (pass the transaction of the change). */
export async function queueEmail(deps: Pick<AppDeps, 'jobs' | 'clock'>, tx: Executor, email: OutgoingEmail) {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      schoolId: email.schoolId,
      to: email.to.toLowerCase(),
      subject: email.subject,
      html: email.html,
      text: email.text,
      template: email.template,
      createdAt: deps.clock.now(),
    })
    .returning({ id: emailOutbox.id });
  await deps.jobs.enqueue(MAIL_SEND_JOB, { outboxId: row!.id }, { tx });
  return row!.id;
}

/**
 * `queueEmail` for many messages at once (e.g. the invitations of a roster's new accounts): the outbox rows and their
 * send jobs in a few statements of `tx`, however many messages there are.
 */
export async function queueEmails(deps: Pick<AppDeps, 'jobs' | 'clock'>, tx: Executor, emails: OutgoingEmail[]) {
  const ids: number[] = [];
  const now = deps.clock.now();
  for (let i = 0; i < emails.length; i += 1000) {
    const rows = await tx
      .insert(emailOutbox)
      .values(
        emails.slice(i, i + 1000).map((email) => ({
          schoolId: email.schoolId,
          to: email.to.toLowerCase(),
          subject: email.subject,
          html: email.html,
          text: email.text,
          template: email.template,
          createdAt: now,
        })),
      )
      .returning({ id: emailOutbox.id });
    ids.push(...rows.map((r) => r.id));
  }
  await deps.jobs.enqueueMany(
    MAIL_SEND_JOB,
    ids.map((outboxId) => ({ outboxId })),
    { tx },
  );
  return ids;
}

/** The Message-ID of an outbox row: the same at every attempt, so a duplicate delivery can be recognised. */
export function messageIdFor(outboxId: number, config: Pick<Config, 'publicUrl'>): string {
  const host = new URL(config.publicUrl).hostname || 'banksia.invalid';
  return `<outbox-${outboxId}@${host}>`;
}

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: smtpUrl,
      // A stuck server fails the attempt (and it is retried) rather than holding the job until it expires.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 2000);
}

/**
 * Sends one outbox message. Idempotent: a message already sent is skipped, and it is marked sent right after the
 * SMTP server accepts it. A crash between those two steps sends it again, with the same Message-ID (at least once).
 */
export const mailSendJob = defineJob({
  name: MAIL_SEND_JOB,
  payload: z.object({ outboxId: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 5 * 60,
  handler: async ({ outboxId }, { deps, lastAttempt, log }) => {
    const [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    if (!row) {
      log.warn({ outboxId }, 'mail: no such outbox message (pruned?)');
      return;
    }
    if (row.status === 'sent') return;
    const smtpUrl = deps.config.smtpUrl;
    if (!smtpUrl) {
      log.info({ outboxId }, 'mail: no SMTP_URL, so the message stays in the outbox');
      return;
    }
    const messageId = messageIdFor(row.id, deps.config);
    await deps.db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1` })
      .where(eq(emailOutbox.id, row.id));
    try {
      await transportFor(smtpUrl).sendMail({
        from: deps.config.mailFrom,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        messageId,
        headers: { 'X-Banksia-Outbox-Id': String(row.id) },
      });
    } catch (err) {
      await deps.db
        .update(emailOutbox)
        .set({ lastError: errorText(err), ...(lastAttempt ? { status: 'failed' as const } : {}) })
        .where(and(eq(emailOutbox.id, row.id), ne(emailOutbox.status, 'sent')));
      throw err;
    }
    await deps.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: deps.clock.now(), messageId, lastError: null })
      .where(eq(emailOutbox.id, row.id));
    log.info({ outboxId: row.id, template: row.template }, 'mail sent');
  },
});

/** Outbox rows are kept this long (they hold personal data and sign-in links), then deleted. */
export const OUTBOX_RETENTION_DAYS = 90;

/** Deletes outbox messages older than the retention period, daily. */
export const outboxCleanupJob = defineJob({
  name: 'outbox-cleanup',
  payload: emptyPayload,
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 10 * 60,
  cron: '17 3 * * *',
  pollSeconds: 30,
  maxConcurrency: 1,
  handler: async (_payload, { deps, log }) => {
    const before = new Date(deps.clock.now().getTime() - OUTBOX_RETENTION_DAYS * 86_400_000);
    const deleted = await deps.db
      .delete(emailOutbox)
      .where(lt(emailOutbox.createdAt, before))
      .returning({ id: emailOutbox.id });
    if (deleted.length) log.info({ deleted: deleted.length }, 'outbox clean-up');
  },
});
