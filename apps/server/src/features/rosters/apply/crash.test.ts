import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rosterDatasetSchema } from '@banksia/contracts/rosters';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createCourse, createSchool, createUser, edvalFile, SUBJECTS } from '../../../../test/factories';
import { useTestApp } from '../../../../test/harness';
import { JOBS_SCHEMA, Jobs, pgClientOf } from '../../../platform/jobs';
import { bufferFile } from '../parsers/index';
import { uploadDataset } from '../upload/index';
import { waitFor as poll } from '../../../../test/processes';

const ctx = useTestApp();
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const waitFor = <T>(check: () => Promise<T>, ms = 30_000) => poll(check, ms);

describe('kill -9 during a roster apply', () => {
  let child: ChildProcess | undefined;
  let supervisor: Jobs | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await supervisor?.stop();
  });

  it('leaves nothing half-applied, shows the interruption and the retry, and the retry applies it', async () => {
    const school = await createSchool(ctx.db);
    for (const [, subject] of SUBJECTS) await createCourse(ctx.db, { subject });
    const staff = await createUser(ctx.db, { roles: ['roster_admin'] });
    const file = bufferFile('classes.csv', edvalFile(Array.from({ length: 300 }, (_, i) => i + 1)));
    const { dataset } = await uploadDataset(
      ctx.deps,
      { userId: staff.id, email: staff.email, firstName: 'R', lastName: 'S', roles: ['roster_admin'] },
      { source: 'edval', schoolId: String(school.id), calendarYear: '2026', files: [file], hashes: [] },
      '127.0.0.1',
    );
    const client = await ctx.client(staff.id);
    const url = `/api/v1/rosters/datasets/${dataset.id}/`;
    const view = async () => rosterDatasetSchema.parse((await client.get(url)).json());
    const enrolments = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from enrolments where school_id = ${school.id}`,
        )
      ).rows[0]!.n;
    expect((await client.post(`${url}apply/`)).statusCode).toBe(202);

    // A worker process takes the job and is killed in the middle of the apply.
    child = spawn(process.execPath, ['--import', 'tsx', 'test/roster-apply-child.ts', ctx.databaseUrl], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    await waitFor(async () => out.includes('mid-apply') || (err && child!.exitCode !== null), 60_000);
    expect(out, err).toContain('mid-apply');
    // Meanwhile staff see how far it has got.
    const running = await view();
    expect(running).toMatchObject({ status: 'applying', can_retry: false, apply: { state: 'running', attempt: 1 } });
    expect(running.apply!.message).toMatch(/^Applied [\d,]+ of [\d,]+ records \(attempt 1 of 3\)\.$/);
    expect(running.apply!.done).toBeGreaterThan(1800);
    expect(running.apply!.done).toBeLessThan(running.apply!.total);

    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    // Its transaction died with it: nothing of the apply is left.
    expect(await enrolments()).toBe(0);

    // Five minutes on (the job's expiry), a supervising process fails the job; pg-boss queues the next attempt.
    await ctx.db.execute(
      sql.raw(`update ${JOBS_SCHEMA}.job set started_on = now() - interval '1 hour'
               where name = 'roster-apply' and state = 'active'`),
    );
    supervisor = new Jobs({
      pool: pgClientOf(ctx.db) as never,
      definitions: [],
      log: pino({ level: 'silent' }),
      workers: 1,
      boss: { maintenanceIntervalSeconds: 1, supervise: true, schedule: false },
    });
    await supervisor.start({ ...ctx.deps, jobs: supervisor });
    const retrying = await waitFor(async () => {
      const d = await view();
      return d.apply?.state === 'retrying' ? d : null;
    });
    expect(retrying).toMatchObject({ status: 'applying', can_retry: false });
    expect(retrying.apply!.message).toBe(
      'Apply interrupted (the worker stopped before it finished); nothing was changed. Retrying (attempt 2 of 3).',
    );
    // The printable page says the same.
    const page = await client.get(`/enrolinator/datasets/${dataset.id}/`);
    expect(page.body).toContain('Retrying (attempt 2 of 3).');
    await supervisor.stop();
    supervisor = undefined;

    // The retry (its 10 s delay passed) runs the same apply again from the start, and it is applied once.
    await ctx.db.execute(
      sql.raw(`update ${JOBS_SCHEMA}.job set start_after = now() where name = 'roster-apply' and state = 'retry'`),
    );
    expect(await ctx.jobs.runQueued('roster-apply', ctx.deps)).toBe(1);
    expect(await view()).toMatchObject({ status: 'applied', apply: null, can_retry: false });
    expect(await enrolments()).toBe(1800);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'apply_roster_dataset' and entity_id = ${dataset.id}`,
    );
    expect(rows[0]!.n).toBe(1);
  }, 120_000);
});
