import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { schoolClasses, users } from '../../db/schema/index';
import { seedDemoSchool } from '../../db/seed/demo-school';
import { createLocalStorage } from '../../platform/storage';
import { seedDemoReviews } from './review.demo';

const ctx = useTestApp();

beforeAll(async () => {
  const storage = createLocalStorage(await mkdtemp(path.join(os.tmpdir(), 'banksia-seed-review-')));
  expect((await seedDemoSchool(ctx.db, storage, new Date(), { reviews: seedDemoReviews })).created).toBe(true);
});

const count = async (query: string) => Number(((await ctx.db.execute(query)).rows[0] as { n: string | number }).n);

describe('the demo review history', () => {
  it('replays three weeks of review with misses, leaving the demo and journey students’ cards due today', async () => {
    const [maths] = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.title, '9MAT1'));
    const logs = `select count(*) as n from review_logs where class_id = ${maths!.id}`;
    expect(await count(logs)).toBeGreaterThan(20);
    expect(await count(`${logs} and rating = 1`)).toBeGreaterThan(0);
    expect(await count(`${logs} and rating = 3`)).toBeGreaterThan(0);
    expect(await count(`${logs} and reviewed_at > now()`)).toBe(0);
    const kept = `select count(*) as n from review_cards c join profiles p on p.id = c.profile_id
      join users u on u.id = p.user_id where c.class_id = ${maths!.id}
      and u.email in ('student@banksia.test', 'grace.robinson@students.banksia.test')`;
    expect(await count(kept)).toBeGreaterThan(0);
    expect(await count(`${kept} and (c.reps > 0 or c.due > now())`)).toBe(0);
  });

  it('shows the teacher the topics the class keeps missing', async () => {
    const [teacher] = await ctx.db.select().from(users).where(eq(users.email, 'teacher@banksia.test'));
    const agent = await ctx.client(teacher!.id);
    const [maths] = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.title, '9MAT1'));
    const res = await agent.get(`/api/v1/classes/${maths!.id}/review/topics/`);
    expect(res.statusCode).toBe(200);
    const topics = res.json().topics as { reviews: number; miss_rate: number | null }[];
    expect(topics.some((t) => t.reviews > 0 && (t.miss_rate ?? 0) > 0)).toBe(true);
  });
});
