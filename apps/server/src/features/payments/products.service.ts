import {
  CLASS_FEATURE_VALUES,
  type ProductsList,
  type SaveProductsBody,
  type SaveProductsResult,
  type SchoolProducts,
  saveProductsBody,
} from '@banksia/contracts/payments-admin';
import { and, eq, sql } from 'drizzle-orm';
import { classProducts, paymentLockListItems } from '../../db/schema/index';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { applyLocks, syncChargesAndLocks } from './locks';
import * as repo from './products.repository';

/**
 * The school-class product editor (docs/payments.md): per school and calendar year, the price of each class feature
 * set (integer cents, one currency), the date payment is due and whether unpaid classes lock after it. Saving brings
 * every student's charges in line with the new prices and applies the locks, in the same transaction, or in a job
 * for a school with many roster places.
 */

/** Above this many roster places, saving queues the charge sync instead of running it in the request. */
export const SYNC_INLINE_LIMIT = 3000;

function present(row: repo.SchoolProductsRow, calendarYear: number): SchoolProducts {
  const prices = row.prices ?? {};
  return {
    school_id: row.school_id,
    school_name: row.school_name,
    calendar_year: calendarYear,
    currency: row.currency ?? 'AUD',
    prices: {
      STANDARD: prices.STANDARD ?? null,
      EXTENDED: prices.EXTENDED ?? null,
      EXTENDED_TEXTBOOK: prices.EXTENDED_TEXTBOOK ?? null,
    },
    due_date: row.due_date,
    locks_unpaid: row.locks_unpaid ?? true,
    note: row.note ?? '',
    paying_students: row.paying_students,
    locked_students: row.locked_students,
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function listProducts(deps: AppDeps, calendarYear: number): Promise<ProductsList> {
  const rows = await repo.schoolProducts(deps.db, calendarYear);
  return { calendar_year: calendarYear, schools: rows.map((r) => present(r, calendarYear)) };
}

export async function getSchoolProducts(
  deps: AppDeps,
  calendarYear: number,
  schoolId: number,
  db: Executor = deps.db,
): Promise<SchoolProducts> {
  const [row] = await repo.schoolProducts(db, calendarYear, schoolId);
  if (!row) throw new AppError('not_found', 'No such school.');
  return present(row, calendarYear);
}

function auditView(p: SchoolProducts) {
  return { currency: p.currency, prices: p.prices, due_date: p.due_date, locks_unpaid: p.locks_unpaid, note: p.note };
}

/** Charges and locks of one school and year, in the caller's transaction. */
async function syncInTx(
  deps: AppDeps,
  tx: Executor,
  scope: { schoolId: number; calendarYear: number; actorUserId: number | null },
) {
  const at = deps.clock.now();
  const charges = await syncChargesAndLocks(tx, { ...scope, at });
  const locks = await applyLocks(tx, {
    schoolId: scope.schoolId,
    calendarYear: scope.calendarYear,
    at,
  });
  return { charged: charges.charged, credited: charges.credited, ...locks };
}

/** The job's work (and a large save's): one school and year's charges and locks, in one transaction. */
export async function syncSchoolYear(
  deps: AppDeps,
  scope: { schoolId: number; calendarYear: number; actorUserId: number | null },
) {
  return deps.db.transaction(async (tx) => {
    await repo.lockSchoolYear(tx, scope.schoolId, scope.calendarYear);
    return syncInTx(deps, tx, scope);
  });
}

/** Saves a school's prices and lock list item for a year, then brings charges and locks in line; audited. */
export async function saveProducts(
  deps: AppDeps,
  actor: Actor,
  calendarYear: number,
  schoolId: number,
  input: SaveProductsBody,
  ip: string,
): Promise<SaveProductsResult> {
  const body = saveProductsBody.parse(input);
  return deps.db.transaction(async (tx) => {
    await repo.lockSchoolYear(tx, schoolId, calendarYear);
    const before = await getSchoolProducts(deps, calendarYear, schoolId, tx);
    const at = deps.clock.now();
    for (const feature of CLASS_FEATURE_VALUES) {
      const price = body.prices[feature];
      const where = and(
        eq(classProducts.schoolId, schoolId),
        eq(classProducts.calendarYear, calendarYear),
        eq(classProducts.feature, feature),
      );
      if (price === null) {
        await tx.delete(classProducts).where(where);
        continue;
      }
      await tx
        .insert(classProducts)
        .values({
          schoolId,
          calendarYear,
          feature,
          priceCents: price,
          currency: body.currency,
          updatedBy: actor.userId,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: [classProducts.schoolId, classProducts.calendarYear, classProducts.feature],
          set: { priceCents: price, currency: body.currency, updatedBy: actor.userId, updatedAt: at },
          setWhere: sql`${classProducts.priceCents} <> ${price} or ${classProducts.currency} <> ${body.currency}`,
        });
    }
    if (body.due_date === null) {
      await tx
        .delete(paymentLockListItems)
        .where(and(eq(paymentLockListItems.schoolId, schoolId), eq(paymentLockListItems.calendarYear, calendarYear)));
    } else {
      await writeLockListItem(tx, {
        schoolId,
        calendarYear,
        dueDate: body.due_date,
        locksUnpaid: body.locks_unpaid,
        note: body.note,
        actorUserId: actor.userId,
        at,
      });
    }
    const scope = { schoolId, calendarYear, actorUserId: actor.userId };
    const large = (await repo.rosterSize(tx, schoolId, calendarYear)) > SYNC_INLINE_LIMIT;
    let sync = { charged: 0, credited: 0, locked: 0, released: 0, queued: large };
    if (large) {
      await deps.jobs.enqueue(
        'payments-sync-school',
        { school_id: schoolId, calendar_year: calendarYear, actor_user_id: actor.userId },
        { tx },
      );
    } else {
      sync = { ...(await syncInTx(deps, tx, scope)), queued: false };
    }
    const after = await getSchoolProducts(deps, calendarYear, schoolId, tx);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId,
      action: 'save_class_products',
      entityType: 'class_products',
      entityId: `${schoolId}:${calendarYear}`,
      before: auditView(before),
      after: { ...auditView(after), sync },
      ip,
    });
    return { ...after, sync };
  });
}

async function writeLockListItem(
  tx: Executor,
  v: {
    schoolId: number;
    calendarYear: number;
    dueDate: string;
    locksUnpaid: boolean;
    note: string;
    actorUserId: number;
    at: Date;
  },
) {
  await tx
    .insert(paymentLockListItems)
    .values({
      schoolId: v.schoolId,
      calendarYear: v.calendarYear,
      dueDate: v.dueDate,
      locksUnpaid: v.locksUnpaid,
      note: v.note,
      updatedBy: v.actorUserId,
      updatedAt: v.at,
    })
    .onConflictDoUpdate({
      target: [paymentLockListItems.schoolId, paymentLockListItems.calendarYear],
      set: { dueDate: v.dueDate, locksUnpaid: v.locksUnpaid, note: v.note, updatedBy: v.actorUserId, updatedAt: v.at },
    });
}

/**
 * The /secret/ admin's edit of one payment lock list item (due date, lock flag, note): refused with 409 when the
 * item changed since the form was shown (`version` is its updated_at). Applies the locks of its school and year.
 */
export async function saveLockListItem(
  deps: AppDeps,
  actor: Actor,
  itemId: number,
  form: { due_date: string; locks_unpaid: boolean; note: string; version: string },
  ip: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(paymentLockListItems)
      .where(eq(paymentLockListItems.id, itemId))
      .for('update');
    if (!item) throw new AppError('not_found', 'No such payment lock list item.');
    if (item.updatedAt.toISOString() !== form.version) {
      throw new AppError('conflict', 'Someone changed this item since you opened it. Reload the page and try again.');
    }
    await repo.lockSchoolYear(tx, item.schoolId, item.calendarYear);
    const at = deps.clock.now();
    await writeLockListItem(tx, {
      schoolId: item.schoolId,
      calendarYear: item.calendarYear,
      dueDate: form.due_date,
      locksUnpaid: form.locks_unpaid,
      note: form.note,
      actorUserId: actor.userId,
      at,
    });
    const locks = await applyLocks(tx, {
      schoolId: item.schoolId,
      calendarYear: item.calendarYear,
      at,
    });
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: item.schoolId,
      action: 'update_payment_lock_list_item',
      entityType: 'payment_lock_list_item',
      entityId: item.id,
      before: { due_date: item.dueDate, locks_unpaid: item.locksUnpaid, note: item.note },
      after: { due_date: form.due_date, locks_unpaid: form.locks_unpaid, note: form.note, ...locks },
      ip,
    });
  });
}
