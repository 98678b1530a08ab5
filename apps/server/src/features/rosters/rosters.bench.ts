/**
 * `npm run bench:rosters`: a 10,000-row Edval class list (1,667 students in 6 classes each, 144 classes, 36
 * teachers) on a fresh embedded PostgreSQL. Times the upload's parse + reconcile (target ≤ 5 s) and the apply
 * (target ≤ 10 s), then a second term's file (50 students gone, 50 new) the same way; prints the figures and exits
 * 1 when a target is missed.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { jobDefinitions } from '../../jobs';
import { systemClock } from '../../platform/clock';
import { loadConfig } from '../../platform/config';
import { openDatabase, runMigrations } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../platform/embedded-postgres';
import { Jobs } from '../../platform/jobs';
import { createCourse, createSchool, createUser } from '../../../test/factories';
import { bufferFile } from './parsers/csv-reader';
import { runApply } from './rosters.apply';
import { uploadDataset } from './rosters.service';

const log = (line = '') => process.stdout.write(`${line}\n`);
const TARGETS = { reconcile: 5_000, apply: 10_000 };
const SUBJECTS = [
  ['MAT', 'Mathematics'],
  ['ENG', 'English'],
  ['SCI', 'Science'],
  ['HIS', 'History'],
  ['GEO', 'Geography'],
  ['ART', 'Art'],
] as const;
const YEARS = [7, 8, 9, 10, 11, 12];
const CLASSES_PER_SUBJECT_YEAR = 4;

/** One row per student per class: every student takes each subject in one of the four classes of their year. */
export function edvalFile(students: number[]): string {
  const rows = [
    'Student code,Surname,First name,Year,FloatsLetter,FloatsNumber,Course code,Class id,Class year,Teacher code,Teacher name,Subject',
  ];
  for (const n of students) {
    const year = YEARS[n % YEARS.length]!;
    for (const [s, [course, subject]] of SUBJECTS.entries()) {
      const group = ((n >> 3) + s) % CLASSES_PER_SUBJECT_YEAR;
      const teacher = `T${String(((s * YEARS.length + YEARS.indexOf(year)) % 56) + 1).padStart(2, '0')}`;
      rows.push(
        `${100000 + n},Surname${n},"Given, ${n}",${year},A,1,${course},${year}${course}${group + 1},${year},${teacher},"Teacher, ${teacher}",${subject}`,
      );
    }
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

function ms(t0: number) {
  return Math.round(performance.now() - t0);
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'banksia-bench-rosters-'));
  chmodSync(dir, 0o755);
  let embedded: EmbeddedDatabase | undefined;
  let database: ReturnType<typeof openDatabase> | undefined;
  const results: Array<{ name: string; ms: number; target: number }> = [];
  try {
    log(`Starting embedded PostgreSQL in ${dir} ...`);
    embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: 0 });
    database = openDatabase(embedded.url, 4, { statementMs: null });
    await runMigrations(database.pool);
    const db = database.db;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, SEED_DEMO: 'false' });
    const jobs = new Jobs({
      pool: database.pool,
      definitions: jobDefinitions,
      log: pino({ level: 'silent' }),
      workers: 0,
    });
    const deps: AppDeps = { config, db, clock: systemClock, secret: 'bench-secret-0123456789abcdef0123456789', jobs };
    const school = await createSchool(db);
    for (const [, subject] of SUBJECTS) await createCourse(db, { subject });
    const user = await createUser(db, { roles: ['roster_admin'] });
    const actor = {
      userId: user.id,
      email: user.email,
      firstName: 'Bench',
      lastName: 'Staff',
      roles: ['roster_admin' as const],
    };

    const term = async (label: string, students: number[]) => {
      const csv = edvalFile(students);
      const file = bufferFile(`${label}.csv`, csv);
      let t0 = performance.now();
      const { dataset } = await uploadDataset(
        deps,
        actor,
        {
          source: 'edval',
          schoolId: String(school.id),
          calendarYear: '2026',
          files: [file],
          hashes: [{ name: file.name, sha256: label }],
        },
        '127.0.0.1',
      );
      const reconcile = ms(t0);
      await db.execute(
        sql`update roster_datasets set status = 'applying', approved_by = ${user.id} where id = ${dataset.id}`,
      );
      t0 = performance.now();
      await runApply(deps, dataset.id, user.id, '127.0.0.1');
      const apply = ms(t0);
      const { rows } = await db.execute<{ status: string }>(
        sql`select status from roster_datasets where id = ${dataset.id}`,
      );
      log(
        `${label}: ${dataset.counts.rows} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB), ${dataset.counts.classes} classes, ` +
          `${dataset.counts.teachers} teachers, ${dataset.counts.students} students, ${dataset.counts.enrolments} enrolments → ${rows[0]!.status}`,
      );
      log(`  summary: ${JSON.stringify(dataset.summary)}`);
      results.push({ name: `${label} parse + reconcile`, ms: reconcile, target: TARGETS.reconcile });
      results.push({ name: `${label} apply`, ms: apply, target: TARGETS.apply });
      if (rows[0]!.status !== 'applied') results.push({ name: `${label} applied`, ms: Infinity, target: 0 });
    };
    const first = Array.from({ length: 1667 }, (_, i) => i + 1);
    await term('term-1', first);
    await term('term-2', [...first.slice(50), ...Array.from({ length: 50 }, (_, i) => 5000 + i)]);
  } finally {
    await database?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
  log('');
  let missed = false;
  for (const r of results) {
    const ok = r.ms <= r.target;
    missed ||= !ok;
    log(`${r.name.padEnd(32)} ${String(r.ms).padStart(7)} ms   target ≤ ${r.target} ms   ${ok ? 'met' : 'MISSED'}`);
  }
  process.exit(missed ? 1 : 0);
}

await main();
