import { AccessStatus } from '@banksia/contracts/classes';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classProducts, enrolments, ledgerEntries, ledgerTransactions } from '../../db/schema/index';
import { generator } from '../../db/seed/demo-activity';
import { createClass, createSchool, createStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { normaliseStudents, recordPayment, recordRefundPaid, syncCharges } from './charges';
import { post, reverse, studentBalances, receivable, revenue } from './ledger';

const ctx = useTestApp();
const YEAR = 2026;
const at = () => ctx.clock.now();

async function price(schoolId: number, feature: 'STANDARD' | 'EXTENDED' | 'EXTENDED_TEXTBOOK', cents: number) {
  await ctx.db
    .insert(classProducts)
    .values({ schoolId, calendarYear: YEAR, feature, priceCents: cents, currency: 'AUD', updatedAt: at() })
    .onConflictDoUpdate({
      target: [classProducts.schoolId, classProducts.calendarYear, classProducts.feature],
      set: { priceCents: cents },
    });
}

async function setStatus(classId: number, profileId: number, status: number) {
  await ctx.db
    .update(enrolments)
    .set({ accessStatus: status })
    .where(and(eq(enrolments.classId, classId), eq(enrolments.profileId, profileId)));
}

async function enrol(schoolId: number, classId: number, profileId: number) {
  await ctx.db
    .insert(enrolments)
    .values({ schoolId, classId, profileId, accessStatus: AccessStatus.UPLOADED })
    .onConflictDoUpdate({
      target: [enrolments.classId, enrolments.profileId],
      set: { accessStatus: AccessStatus.UPLOADED },
    });
}

const sync = (schoolId: number) =>
  ctx.db.transaction((tx) => syncCharges(tx, { schoolId, calendarYear: YEAR, at: at() }));

const pay = (schoolId: number, profileId: number, amountCents: number, checkoutSessionId: string) =>
  ctx.db.transaction((tx) =>
    recordPayment(tx, {
      schoolId,
      profileId,
      calendarYear: YEAR,
      currency: 'AUD',
      amountCents,
      provider: 'test',
      checkoutSessionId,
      at: at(),
    }),
  );

const refund = (schoolId: number, profileId: number, amountCents: number, refundId: number) =>
  ctx.db.transaction((tx) =>
    recordRefundPaid(tx, {
      refundId,
      schoolId,
      profileId,
      calendarYear: YEAR,
      currency: 'AUD',
      amountCents,
      provider: 'test',
      at: at(),
    }),
  );

/** A posting straight to the ledger: the student charged `cents` of the school's revenue. */
const directCharge = (schoolId: number, profileId: number, key: string, cents: number) => ({
  kind: 'charge' as const,
  idempotencyKey: key,
  schoolId,
  calendarYear: YEAR,
  profileId,
  at: at(),
  entries: [
    { account: receivable(schoolId, profileId, YEAR, 'AUD'), amountCents: cents },
    { account: revenue(schoolId, YEAR, 'AUD'), amountCents: -cents },
  ],
});

async function balance(profileId: number) {
  const [b] = await studentBalances(ctx.db, profileId, YEAR);
  return { owing: b?.owingCents ?? 0, owedBack: b?.refundOwedCents ?? 0 };
}

/** The database's own message for a refused statement (Drizzle wraps it as the cause). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (e) {
    const err = e as Error & { cause?: Error };
    return err.cause?.message ?? err.message;
  }
  return 'not refused';
}

async function unbalancedTransactions(): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: string }>(sql`
    select count(*) as n from (select transaction_id from ledger_entries group by transaction_id
                               having sum(amount_cents) <> 0) t`);
  return Number(rows[0]!.n);
}

describe('the ledger', () => {
  it('posts a balanced transaction once per idempotency key and refuses an unbalanced one', async () => {
    const school = await createSchool(ctx.db);
    const { profile } = await createStudent(ctx.db, school);
    const posting = directCharge(school.id, profile.id, `test:${profile.id}`, 12_500);
    const first = await post(ctx.db, posting);
    const again = await post(ctx.db, posting);
    expect(first.created).toBe(true);
    expect(again).toEqual({ transactionId: first.transactionId, created: false });
    expect(await balance(profile.id)).toEqual({ owing: 12_500, owedBack: 0 });

    await expect(
      post(ctx.db, { ...posting, idempotencyKey: 'unbalanced', entries: [posting.entries[0]!] }),
    ).rejects.toThrow(/does not balance/);
  });

  it('is append-only: updates and deletes are refused, corrections are reversals', async () => {
    const school = await createSchool(ctx.db);
    const { profile } = await createStudent(ctx.db, school);
    const { transactionId } = await post(ctx.db, directCharge(school.id, profile.id, `append-only:${profile.id}`, 900));
    expect(
      await refusal(
        ctx.db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.transactionId, transactionId)),
      ),
    ).toMatch(/append-only/);
    expect(await refusal(ctx.db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId)))).toMatch(
      /append-only/,
    );
    const reversal = await reverse(ctx.db, transactionId, { at: at() });
    expect((await reverse(ctx.db, transactionId, { at: at() })).transactionId).toBe(reversal.transactionId);
    expect(await balance(profile.id)).toEqual({ owing: 0, owedBack: 0 });
  });

  it('refuses, at commit, entries written around post() that do not sum to zero', async () => {
    const school = await createSchool(ctx.db);
    const { profile } = await createStudent(ctx.db, school);
    const message = await refusal(
      ctx.db.transaction(async (tx) => {
        const { transactionId } = await post(tx, directCharge(school.id, profile.id, `sneaky:${profile.id}`, 100));
        const [line] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
        await tx.insert(ledgerEntries).values({ transactionId, accountId: line!.accountId, amountCents: 5 });
      }),
    );
    expect(message).toMatch(/does not balance/);
  });
});

describe('charges follow enrolments and prices', () => {
  it('charges a paid class once, credits a student who leaves, and nets out a move between classes', async () => {
    const school = await createSchool(ctx.db);
    const maths = await createClass(ctx.db, school, { features: 'STANDARD' });
    const maths2 = await createClass(ctx.db, school, { features: 'STANDARD' });
    const free = await createClass(ctx.db, school, { features: 'STANDARD', classType: 'C' });
    const { profile } = await createStudent(ctx.db, school, [maths, free]);
    await price(school.id, 'STANDARD', 4_500);

    expect((await sync(school.id)).charged).toBe(1);
    expect(await sync(school.id)).toEqual({ charged: 0, credited: 0, profileIds: [] });
    expect(await balance(profile.id)).toEqual({ owing: 4_500, owedBack: 0 });

    // Moves to 9MAT2: credited for one, charged for the other, owing the same.
    await setStatus(maths.id, profile.id, AccessStatus.REMOVED);
    await enrol(school.id, maths2.id, profile.id);
    expect(await sync(school.id)).toMatchObject({ charged: 1, credited: 1 });
    expect(await balance(profile.id)).toEqual({ owing: 4_500, owedBack: 0 });

    // Pays, then leaves: the credit becomes a refund owed, which a refund pays out.
    await pay(school.id, profile.id, 4_500, `cs_test_${profile.id}`);
    expect(await balance(profile.id)).toEqual({ owing: 0, owedBack: 0 });
    await setStatus(maths2.id, profile.id, AccessStatus.REMOVED);
    await sync(school.id);
    expect(await balance(profile.id)).toEqual({ owing: 0, owedBack: 4_500 });
    await refund(school.id, profile.id, 4_500, profile.id);
    expect(await balance(profile.id)).toEqual({ owing: 0, owedBack: 0 });
  });

  it('applies money owed back to a new charge before refunding it', async () => {
    const school = await createSchool(ctx.db);
    const a = await createClass(ctx.db, school, { features: 'EXTENDED' });
    const b = await createClass(ctx.db, school, { features: 'EXTENDED' });
    const { profile } = await createStudent(ctx.db, school, [a]);
    await price(school.id, 'EXTENDED', 6_000);
    await sync(school.id);
    await pay(school.id, profile.id, 6_000, `cs_apply_${profile.id}`);
    await setStatus(a.id, profile.id, AccessStatus.REMOVED);
    await sync(school.id);
    expect(await balance(profile.id)).toEqual({ owing: 0, owedBack: 6_000 });
    await enrol(school.id, b.id, profile.id);
    await sync(school.id);
    expect(await balance(profile.id)).toEqual({ owing: 0, owedBack: 0 });
  });

  it('keeps every balance equal to the sum of its entries over random charge, pay, credit and refund sequences', async () => {
    const random = generator(20261126);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const features = ['STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK'] as const;
    for (let round = 0; round < 6; round++) {
      const school = await createSchool(ctx.db);
      const classes = await Promise.all(features.map((f) => createClass(ctx.db, school, { features: f })));
      const students = await Promise.all([1, 2, 3].map(() => createStudent(ctx.db, school)));
      // What the model says each student's position is: fees charged less money received plus refunds paid.
      const paid = new Map<number, number>();
      const refunded = new Map<number, number>();
      let payments = 0;
      let refundIds = 1_000 * (round + 1);
      for (let step = 0; step < 25; step++) {
        const { profile } = pick(students);
        const roll = random();
        if (roll < 0.35) await enrol(school.id, pick(classes).id, profile.id);
        else if (roll < 0.55) await setStatus(pick(classes).id, profile.id, AccessStatus.REMOVED);
        else if (roll < 0.7) await price(school.id, pick(features), Math.floor(random() * 10) * 1_000);
        else if (roll < 0.88) {
          const { owing } = await balance(profile.id);
          if (owing > 0) {
            // Sometimes a partial payment, sometimes the same checkout's webhook twice.
            const amount = random() < 0.3 ? Math.ceil(owing / 2) : owing;
            const session = `cs_prop_${round}_${payments++}`;
            for (let times = random() < 0.3 ? 2 : 1; times > 0; times--) {
              await pay(school.id, profile.id, amount, session);
            }
            paid.set(profile.id, (paid.get(profile.id) ?? 0) + amount);
          }
        } else {
          const { owedBack } = await balance(profile.id);
          if (owedBack > 0) {
            const amount = random() < 0.5 ? owedBack : Math.ceil(owedBack / 3);
            await refund(school.id, profile.id, amount, refundIds++);
            refunded.set(profile.id, (refunded.get(profile.id) ?? 0) + amount);
          }
        }
        await sync(school.id);

        expect(await unbalancedTransactions()).toBe(0);
        const { rows: fees } = await ctx.db.execute<{ profile_id: number; fees: string }>(sql`
          select e.profile_id, coalesce(sum(p.price_cents), 0) as fees
            from enrolments e join school_classes c on c.id = e.class_id
            join class_products p on p.school_id = c.school_id and p.calendar_year = c.calendar_year
                                 and p.feature = c.features
           where c.school_id = ${school.id} and e.access_status >= 25 group by e.profile_id`);
        for (const { profile } of students) {
          const b = await balance(profile.id);
          const { rows } = await ctx.db.execute<{ kind: string; sum: string }>(sql`
            select a.kind, coalesce(sum(le.amount_cents), 0) as sum from ledger_accounts a
              join ledger_entries le on le.account_id = a.id
             where a.profile_id = ${profile.id} group by a.kind`);
          const sums = Object.fromEntries(rows.map((r) => [r.kind, Number(r.sum)]));
          // The balances reported are the sums of the entries ...
          expect(b.owing).toBe(sums.receivable ?? 0);
          expect(b.owedBack).toBe(0 - (sums.refunds_payable ?? 0));
          // ... never negative, never both at once ...
          expect(b.owing).toBeGreaterThanOrEqual(0);
          expect(b.owedBack).toBeGreaterThanOrEqual(0);
          expect(Math.min(b.owing, b.owedBack)).toBe(0);
          // ... and say what the model says: fees less payments plus refunds paid.
          const feesDue = Number(fees.find((f) => f.profile_id === profile.id)?.fees ?? 0);
          expect(b.owing - b.owedBack).toBe(feesDue - (paid.get(profile.id) ?? 0) + (refunded.get(profile.id) ?? 0));
        }
      }
    }
  }, 120_000);

  it('normalising twice posts nothing new', async () => {
    const school = await createSchool(ctx.db);
    const { profile } = await createStudent(ctx.db, school);
    const scope = { schoolId: school.id, calendarYear: YEAR, profileIds: [profile.id], at: at() };
    await ctx.db.transaction((tx) => normaliseStudents(tx, scope));
    await ctx.db.transaction((tx) => normaliseStudents(tx, scope));
    expect(await balance(profile.id)).toEqual({ owing: 0, owedBack: 0 });
  });
});
