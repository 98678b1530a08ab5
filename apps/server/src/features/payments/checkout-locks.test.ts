import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccessStatus } from '@banksia/contracts/classes';
import { classProducts, enrolments, paymentLockListItems } from '../../db/schema/index';
import { createClass, createSchool, createStudent } from '../../../test/factories';
import { applyLocks } from './locks';
import { ctx, YEAR, PRICE, linkOf, deliver, submit, startCheckout, pagePath } from './checkout.test-helpers';

describe('payment locks', () => {
  it('reopens classes locked for want of payment as soon as the webhook records the payment', async () => {
    const lockSchool = await createSchool(ctx.db);
    const lockClass = await createClass(ctx.db, lockSchool, { calendarYear: YEAR, features: 'STANDARD' });
    await ctx.db.insert(classProducts).values({
      schoolId: lockSchool.id,
      calendarYear: YEAR,
      feature: 'STANDARD',
      priceCents: PRICE,
      currency: 'AUD',
      updatedAt: ctx.clock.now(),
    });
    await ctx.db.insert(paymentLockListItems).values({
      schoolId: lockSchool.id,
      calendarYear: YEAR,
      dueDate: '2026-02-01',
      locksUnpaid: true,
      updatedAt: ctx.clock.now(),
    });
    const tom = await createStudent(ctx.db, lockSchool, [lockClass], { firstName: 'Tom' });
    const client = await ctx.client(tom.user.id);
    const code = await linkOf(client);
    await ctx.db.transaction((tx) =>
      applyLocks(tx, { schoolId: lockSchool.id, calendarYear: YEAR, at: ctx.clock.now() }),
    );
    const status = async () =>
      (
        await ctx.db
          .select()
          .from(enrolments)
          .where(sql`${enrolments.profileId} = ${tom.profile.id}`)
      )[0]!.accessStatus;
    expect(await status()).toBe(AccessStatus.LOCKED);

    const started = await startCheckout(client, code);
    await submit(await ctx.client(), pagePath(started.url), { card_number: '4242424242424242' });
    // The browser's return alone opens nothing.
    expect(await status()).toBe(AccessStatus.LOCKED);
    await deliver();
    expect(await status()).toBe(AccessStatus.UPLOADED);
    const { rows } = await ctx.db.execute<{ n: string }>(
      sql`select count(*) as n from payment_locks where school_id = ${lockSchool.id}`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
