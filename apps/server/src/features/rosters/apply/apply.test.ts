import { rosterApplyResponse, rosterDatasetSchema } from '@banksia/contracts/rosters';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createCourse, createSchool, createTeacher, createUser, edvalFile, SUBJECTS } from '../../../../test/factories';
import { useTestApp } from '../../../../test/harness';
import { openDatabase } from '../../../platform/db';
import { JOBS_SCHEMA, Jobs, pgClientOf } from '../../../platform/jobs';
import type { Actor } from '../../../platform/session';
import { bufferFile } from '../parsers/index';
import { runApply } from './apply.run';
import { applyView } from './apply-status';
import { requestApply } from './apply.service';
import { uploadDataset } from '../upload/index';
import { waitFor as poll } from '../../../../test/processes';

const ctx = useTestApp();

async function rosterSchool() {
  const school = await createSchool(ctx.db);
  for (const [, subject] of SUBJECTS) await createCourse(ctx.db, { subject });
  const staff = await createUser(ctx.db, { roles: ['roster_admin'] });
  const actor: Actor = {
    userId: staff.id,
    email: staff.email,
    firstName: 'Roster',
    lastName: 'Staff',
    roles: ['roster_admin'],
  };
  return { school, staff, actor };
}

/** Student numbers not used yet in this file's database (a school's codes are its own). */
let used = 0;
async function uploadStudents(deps: typeof ctx.deps, actor: Actor, schoolId: number, students: number) {
  const first = used;
  used += students;
  const file = bufferFile('classes.csv', edvalFile(Array.from({ length: students }, (_, i) => first + i + 1)));
  const { dataset } = await uploadDataset(
    deps,
    actor,
    {
      source: 'edval',
      schoolId: String(schoolId),
      calendarYear: '2026',
      files: [file],
      hashes: [{ name: file.name, sha256: `students-${students}-${schoolId}` }],
    },
    '127.0.0.1',
  );
  return dataset;
}

async function enrolmentsOf(schoolId: number) {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from enrolments where school_id = ${schoolId}`,
  );
  return rows[0]!.n;
}

/** A process that only expires jobs (as a supervising worker does), with a short maintenance interval. */
const supervisors: Jobs[] = [];
async function startSupervisor() {
  const jobs = new Jobs({
    pool: pgClientOf(ctx.db) as never,
    definitions: [],
    log: pino({ level: 'silent' }),
    workers: 1,
    boss: { maintenanceIntervalSeconds: 1, supervise: true, schedule: false },
  });
  supervisors.push(jobs);
  await jobs.start({ ...ctx.deps, jobs });
}
afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((j) => j.stop()));
});

const waitFor = <T>(check: () => Promise<T>, ms = 20_000) => poll(check, ms);

describe('a large roster', () => {
  it('applies 6,000 students (36,000 enrolments) with no statement near the limit, reporting progress', async () => {
    const { school, staff, actor } = await rosterSchool();
    const dataset = await uploadStudents(ctx.deps, actor, school.id, 6000);
    expect(dataset.counts).toMatchObject({ students: 6000, enrolments: 36_000 + 144 });
    await ctx.db.execute(
      sql`update roster_datasets set status = 'applying', approved_by = ${staff.id} where id = ${dataset.id}`,
    );
    // The request pool allows 5 s a statement; this one 2 s, so a statement of all 36,000 enrolments at once (3.5 s
    // on an idle machine, over 5 s on a busy one) fails here, and chunks of 2,000 (0.2-0.3 s) pass with room.
    const strict = openDatabase(ctx.databaseUrl, 3, { statementMs: 2_000 });
    const seen: Array<{ done: number; total: number }> = [];
    try {
      await runApply({ ...ctx.deps, db: strict.db }, dataset.id, staff.id, '127.0.0.1', {
        lastAttempt: true,
        progress: async (p) => {
          seen.push(p);
        },
      });
    } finally {
      await strict.close();
    }
    const { rows } = await ctx.db.execute<{ status: string; failure: string | null }>(
      sql`select status, failure from roster_datasets where id = ${dataset.id}`,
    );
    expect(rows[0]).toEqual({ status: 'applied', failure: null });
    expect(await enrolmentsOf(school.id)).toBe(36_000);
    // Progress rises step by step to every record of the plan.
    const total = seen[0]!.total;
    expect(total).toBeGreaterThan(42_000);
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
    expect(seen.some((p) => p.done > 0 && p.done < total)).toBe(true);
    expect(seen.at(-1)).toEqual({ done: total, total });
  }, 240_000);
});

describe('a failed apply', () => {
  it('is retried by staff: the dataset applies again through the job', async () => {
    const { school, staff, actor } = await rosterSchool();
    const dataset = await uploadStudents(ctx.deps, actor, school.id, 20);
    const client = await ctx.client(staff.id);
    const url = `/api/v1/rosters/datasets/${dataset.id}`;

    // Not failed: nothing to retry.
    expect((await client.post(`${url}/retry/`)).statusCode).toBe(409);

    // As the 6,000-student apply used to end: failed by the statement limit.
    await ctx.db.execute(sql`
      update roster_datasets set status = 'failed', failure = 'canceling statement due to statement timeout'
      where id = ${dataset.id}`);
    const failed = rosterDatasetSchema.parse((await client.get(`${url}/`)).json());
    expect(failed).toMatchObject({ status: 'failed', can_retry: true, apply: null });
    // Applying it again the old way is still refused; retrying is the way.
    expect((await client.post(`${url}/apply/`)).statusCode).toBe(409);

    const retried = await client.post(`${url}/retry/`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(rosterApplyResponse.parse(retried.json()).status).toBe('applying');
    const queued = rosterDatasetSchema.parse((await client.get(`${url}/`)).json());
    expect(queued).toMatchObject({
      status: 'applying',
      failure: null,
      can_retry: false,
      apply: { state: 'queued', attempt: 1, attempts: 3, message: 'Waiting to apply.' },
    });
    // A second retry while it is queued is refused.
    expect((await client.post(`${url}/retry/`)).statusCode).toBe(409);

    expect(await ctx.jobs.runQueued('roster-apply', ctx.deps)).toBe(1);
    const applied = rosterDatasetSchema.parse((await client.get(`${url}/`)).json());
    expect(applied).toMatchObject({ status: 'applied', can_retry: false, apply: null });
    expect(await enrolmentsOf(school.id)).toBe(120);
    const { rows } = await ctx.db.execute<{ action: string }>(sql`
      select action from audit_log where entity_type = 'roster_dataset' and entity_id = ${dataset.id} order by id`);
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['retry_roster_apply', 'apply_roster_dataset']));
  });

  it('is refused to another school’s admin, who does not learn the dataset exists', async () => {
    const { school, actor } = await rosterSchool();
    const dataset = await uploadStudents(ctx.deps, actor, school.id, 5);
    await ctx.db.execute(sql`update roster_datasets set status = 'failed' where id = ${dataset.id}`);
    const other = await createSchool(ctx.db);
    const otherAdmin = await createTeacher(ctx.db, other, [], { roles: ['teacher', 'school_admin'] });
    const client = await ctx.client(otherAdmin.user.id);
    expect((await client.post(`/api/v1/rosters/datasets/${dataset.id}/retry/`)).statusCode).toBe(404);
    const { rows } = await ctx.db.execute<{ status: string }>(
      sql`select status from roster_datasets where id = ${dataset.id}`,
    );
    expect(rows[0]!.status).toBe('failed');
  });

  it('is not reported failed when the run ends between reading the dataset and reading its job', async () => {
    const { school, actor } = await rosterSchool();
    const dataset = await uploadStudents(ctx.deps, actor, school.id, 3);
    await requestApply(ctx.deps, actor, dataset.id, '127.0.0.1');
    // The dataset was read while applying; then the run committed and pg-boss completed its job.
    const stale = { id: dataset.id, status: 'applying' as const, failure: null };
    expect(await ctx.jobs.runQueued('roster-apply', ctx.deps)).toBe(1);
    expect(await applyView(ctx.deps, stale)).toEqual({
      status: 'applied',
      failure: null,
      apply: null,
      can_retry: false,
    });
  });

  it('whose every attempt died shows as failed, not applying forever, and can be retried', async () => {
    const { school, staff, actor } = await rosterSchool();
    const dataset = await uploadStudents(ctx.deps, actor, school.id, 10);
    const client = await ctx.client(staff.id);
    const url = `/api/v1/rosters/datasets/${dataset.id}`;
    await requestApply(ctx.deps, actor, dataset.id, '127.0.0.1');
    // A worker takes the job on its last attempt and dies without a word: the job stays active until it expires.
    await ctx.db.execute(
      sql.raw(
        `update ${JOBS_SCHEMA}.job set retry_count = retry_limit where name = 'roster-apply' and state = 'created'`,
      ),
    );
    const [taken] = await ctx.jobs.boss.fetch('roster-apply');
    expect(taken).toBeTruthy();
    await ctx.db.execute(
      sql.raw(`update ${JOBS_SCHEMA}.job set started_on = now() - interval '1 hour' where id = '${taken!.id}'`),
    );
    await startSupervisor();
    const failed = await waitFor(async () => {
      const d = rosterDatasetSchema.parse((await client.get(`${url}/`)).json());
      return d.status === 'failed' ? d : null;
    });
    expect(failed).toMatchObject({ can_retry: true, apply: null });
    expect(failed.failure).toBe(
      'The apply did not finish after 3 attempts (the worker stopped before it finished); nothing was changed. Retry it.',
    );
    expect(await enrolmentsOf(school.id)).toBe(0);

    expect((await client.post(`${url}/retry/`)).statusCode).toBe(202);
    expect(await ctx.jobs.runQueued('roster-apply', ctx.deps)).toBe(1);
    expect(rosterDatasetSchema.parse((await client.get(`${url}/`)).json()).status).toBe('applied');
    expect(await enrolmentsOf(school.id)).toBe(60);
  });
});
