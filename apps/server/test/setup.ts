import pg from 'pg';
import { afterAll } from 'vitest';

/**
 * Fails a test file whose code ran two queries at once on one connection (a transaction's): pg 8 only warns, once per
 * process, and pg 9 refuses. Reads that may run inside a transaction go through `sideBySide` (platform/db.ts).
 * Each overlap is recorded with the start of the query that had to queue (async stacks do not survive pg's queue).
 */
const overlapping: string[] = [];
type QueuedClient = pg.Client & { _queryQueue: unknown[]; pipeline?: boolean };
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: QueuedClient, ...args: unknown[]) {
  if (this._queryQueue.length > 0 && !this.pipeline) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    overlapping.push(text.replace(/\s+/g, ' ').slice(0, 160));
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

afterAll(() => {
  if (overlapping.length > 0) {
    throw new Error(`Two queries ran at once on one database connection:\n${overlapping.join('\n\n')}`);
  }
});
