import type { FailedJob, JobQueue } from '@banksia/contracts/jobs';
import type { DeadLetter, QueueCounts } from '../../platform/jobs';

/** Payload keys that hold personal data (or secrets): their values are never shown. */
const PERSONAL_KEY = /e-?mail|^to$|name|password|token|secret|html|text|subject|address|phone|^ip$/i;
const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g;

/** Replaces email addresses in free text (error messages quote them: "550 <a@b.org> unknown user"). */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '[email]');
}

/** A payload with personal values redacted, email addresses masked, and long or deep values cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, PERSONAL_KEY.test(k) ? '[redacted]' : redact(v, depth + 1)]),
    );
  }
  if (typeof value === 'string') return maskEmails(value).slice(0, 500);
  return value;
}

/** The message of a failed job's output (pg-boss stores the thrown error, or `{value: {message}}` on a timeout). */
export function errorMessageOf(output: unknown): string {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null;
  const message =
    typeof o?.message === 'string' ? o.message : typeof o?.value?.message === 'string' ? o.value.message : '';
  return maskEmails(message || 'No error message was recorded.').slice(0, 1000);
}

export function presentQueue(q: QueueCounts): JobQueue {
  return { name: q.name, queued: q.queued, active: q.active, failed: q.failed, dead_letters: q.deadLetters };
}

export function presentDeadLetter(d: DeadLetter): FailedJob {
  return {
    id: d.id,
    queue: d.queue,
    error: errorMessageOf(d.output),
    payload: redact(d.data),
    failed_at: new Date(d.failedAt).toISOString(),
  };
}
