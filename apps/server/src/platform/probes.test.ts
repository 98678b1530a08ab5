import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';

const ctx = useTestApp();

describe('probes', () => {
  it('/livez answers JSON 200 while the process is up', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/livez' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 503 until the job queue runs, then 200 with each check', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.headers['retry-after']).toBe('5');
    expect(before.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'ok', jobs: 'stopped' },
    });

    await ctx.jobs.start();
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });

      // A database that lacks this build's newest migration (a rolling deploy that has not migrated yet).
      const [newest] = (
        await ctx.db.execute<{ id: number; hash: string; created_at: string }>(
          sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
        )
      ).rows;
      await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
      try {
        const pending = await ctx.app.inject({ method: 'GET', url: '/readyz' });
        expect(pending.statusCode).toBe(503);
        expect(pending.json().checks).toEqual({ database: 'ok', migrations: 'pending', jobs: 'ok' });
      } finally {
        await ctx.db.execute(
          sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
        );
      }
    } finally {
      await ctx.jobs.stop();
    }
  });
});
