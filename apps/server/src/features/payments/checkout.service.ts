import { randomBytes } from 'node:crypto';
import type {
  CheckoutStateBody,
  MyPayments,
  PaymentSummary,
  StartCheckout,
} from '@banksia/contracts/payments-checkout';
import { localYear } from '@banksia/contracts/rules/class-expiry';
import { sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { syncCharges } from './charges';
import { lockStudentYear, studentBalances } from './ledger';
import { providerFor, type PaymentProvider } from './providers/index';

/**
 * Payment links and checkout (issue 17). A student has one payment link per calendar year, made on first use; its
 * long random code is all a parent needs to see what the student owes and pay it, signed out. Checkout makes or
 * reuses ONE open checkout session per student and year, under the student's ledger lock, for exactly what the
 * ledger says they owe; a session whose amount no longer matches is expired first. Access opens from the
 * provider's webhook (webhooks.ts), never from the browser's return.
 */

/** How long a checkout stays payable (Stripe's longest). */
export const CHECKOUT_LIFETIME_MS = 24 * 3_600_000;
/** An open session closer than this to its end is replaced instead of reused. */
const REUSE_MARGIN_MS = 30 * 60_000;

export const DEFAULT_CURRENCY = 'AUD';

export interface LinkOwner {
  code: string;
  schoolId: number;
  profileId: number;
  calendarYear: number;
}

/** The student's payment link for a year, made on first use (a long random code: 32 characters, 192 bits). */
export async function linkFor(
  db: Executor,
  owner: { schoolId: number; profileId: number; calendarYear: number },
  at: Date,
): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await db.execute(sql`
    insert into payment_links (code, school_id, profile_id, calendar_year, created_at)
    values (${code}, ${owner.schoolId}, ${owner.profileId}, ${owner.calendarYear}, ${at})
    on conflict (profile_id, calendar_year) do nothing`);
  const { rows } = await db.execute<{ code: string }>(
    sql`select code from payment_links where profile_id = ${owner.profileId} and calendar_year = ${owner.calendarYear}`,
  );
  return rows[0]!.code;
}

/** The link of a code, or 404 (the same answer for a code that never existed and one of another student). */
export async function linkByCode(db: Executor, code: string): Promise<LinkOwner> {
  const { rows } = await db.execute<{ code: string; school_id: number; profile_id: number; calendar_year: number }>(
    sql`select code, school_id, profile_id, calendar_year from payment_links where code = ${code}`,
  );
  const r = rows[0];
  if (!r) throw new AppError('not_found', 'This payment link does not exist. Ask the student for their link.');
  return { code: r.code, schoolId: r.school_id, profileId: r.profile_id, calendarYear: r.calendar_year };
}

interface OwedClass {
  className: string;
  amountCents: number;
  currency: string;
}

/** The student's class fees for the year as charged (charges less credits per class), and what they owe. */
async function owed(db: Executor, link: LinkOwner) {
  const { rows } = await db.execute<{ title: string; currency: string; net: string }>(sql`
    select c.title, a.currency, sum(le.amount_cents) as net
      from ledger_transactions t
      join ledger_entries le on le.transaction_id = t.id
      join ledger_accounts a on a.id = le.account_id and a.kind = 'receivable'
      join school_classes c on c.id = t.class_id
     where t.profile_id = ${link.profileId} and t.calendar_year = ${link.calendarYear}
       and t.school_id = ${link.schoolId} and t.kind in ('charge', 'credit')
     group by c.id, c.title, a.currency
    having sum(le.amount_cents) <> 0
     order by c.title, c.id`);
  const classes: OwedClass[] = rows.map((r) => ({
    className: r.title,
    amountCents: Number(r.net),
    currency: r.currency,
  }));
  const balances = (await studentBalances(db, link.profileId, link.calendarYear)).filter(
    (b) => b.schoolId === link.schoolId,
  );
  const due = balances.find((b) => b.owingCents > 0) ?? balances[0];
  const currency = due?.currency ?? classes[0]?.currency ?? DEFAULT_CURRENCY;
  const inCurrency = classes.filter((c) => c.currency === currency);
  const totalCents = inCurrency.reduce((n, c) => n + c.amountCents, 0);
  const owingCents = Math.max(0, due?.owingCents ?? 0);
  return { currency, classes: inCurrency, totalCents, owingCents };
}

async function studentAndSchool(db: Executor, link: LinkOwner) {
  const { rows } = await db.execute<{ first_name: string; last_name: string; email: string; school_name: string }>(sql`
    select u.first_name, u.last_name, u.email, s.name as school_name
      from profiles p join users u on u.id = p.user_id join schools s on s.id = p.school_id
     where p.id = ${link.profileId} and p.school_id = ${link.schoolId}`);
  return rows[0]!;
}

/** Charges follow enrolments and prices: bring this student's up to date before showing or taking money. */
async function syncStudent(tx: Executor, link: LinkOwner, at: Date) {
  await syncCharges(tx, {
    schoolId: link.schoolId,
    calendarYear: link.calendarYear,
    profileIds: [link.profileId],
    at,
  });
}

async function summaryOf(tx: Executor, link: LinkOwner): Promise<PaymentSummary> {
  const money = await owed(tx, link);
  const who = await studentAndSchool(tx, link);
  return {
    code: link.code,
    calendar_year: link.calendarYear,
    first_name: who.first_name,
    school_name: who.school_name,
    currency: money.currency,
    classes: money.classes.map((c) => ({ class_name: c.className, amount_cents: c.amountCents })),
    total_cents: money.totalCents,
    owing_cents: money.owingCents,
    paid_cents: Math.max(0, money.totalCents - money.owingCents),
  };
}

/** What a payment link's student owes per class (works signed out: the code is the key). */
export async function linkSummary(deps: AppDeps, code: string): Promise<PaymentSummary> {
  const link = await linkByCode(deps.db, code);
  return deps.db.transaction(async (tx) => {
    await syncStudent(tx, link, deps.clock.now());
    return summaryOf(tx, link);
  });
}

/** The signed-in student's links for a year (one per student profile), each made on first use. */
export async function myPayments(deps: AppDeps, actor: Actor, year: number | undefined): Promise<MyPayments> {
  const { rows } = await deps.db.execute<{ id: number; school_id: number; time_zone: string }>(
    sql`select p.id, p.school_id, s.time_zone from profiles p join schools s on s.id = p.school_id
        where p.user_id = ${actor.userId} and p.kind = 'student' order by p.id`,
  );
  // The year fees are for, when not asked: the calendar year where the student's (first) school is (ADR 048).
  const calendarYear = year ?? localYear(deps.clock.now(), rows[0]?.time_zone ?? deps.config.schoolTimeZone);
  const links: PaymentSummary[] = [];
  for (const p of rows) {
    const summary = await deps.db.transaction(async (tx) => {
      const at = deps.clock.now();
      const owner = { schoolId: p.school_id, profileId: p.id, calendarYear };
      const code = await linkFor(tx, owner, at);
      const link = { code, ...owner };
      await syncStudent(tx, link, at);
      return summaryOf(tx, link);
    });
    links.push(summary);
  }
  return { calendar_year: calendarYear, links };
}

type SessionRow = {
  id: string;
  amount_cents: number;
  currency: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  expires_at: Date;
};

type Owed = Awaited<ReturnType<typeof owed>>;

/**
 * The student's open checkout session when it can be paid again (same amount, not about to expire). Otherwise it is
 * expired at the provider and here (refused when it was paid meanwhile), and the answer is null: a new one is made.
 */
async function reuseOpenSession(
  tx: Executor,
  provider: PaymentProvider,
  link: LinkOwner,
  money: Owed,
  at: Date,
): Promise<StartCheckout | null> {
  const { rows: open } = await tx.execute<SessionRow>(sql`
    select id, amount_cents, currency, url, status, expires_at from checkout_sessions
     where profile_id = ${link.profileId} and calendar_year = ${link.calendarYear} and status = 'open'
     for update`);
  const current = open[0];
  if (!current) return null;
  const sameAmount = current.amount_cents === money.owingCents && current.currency === money.currency;
  const fresh = new Date(current.expires_at).getTime() - at.getTime() > REUSE_MARGIN_MS;
  if (sameAmount && fresh) {
    return {
      checkout_session_id: current.id,
      url: current.url,
      amount_cents: current.amount_cents,
      currency: current.currency,
    };
  }
  const expired = await provider.expireCheckoutSession({ id: current.id, idempotencyKey: `expire:${current.id}` });
  if (expired.status === 'complete') {
    // Paid meanwhile: its webhook is on the way and will settle the balance; a second payment would be too much.
    throw new AppError(
      'conflict',
      'A payment for these fees is being processed. Wait a minute, then look at what is still owed.',
    );
  }
  await tx.execute(sql`update checkout_sessions set status = 'expired' where id = ${current.id}`);
  return null;
}

/** What the provider's page lists: each class's fee when those add up to what is owed, else one line for it all. */
function lineItems(link: LinkOwner, money: Owed, schoolName: string) {
  const classesTotal = money.classes.reduce((n, c) => n + c.amountCents, 0);
  return classesTotal === money.owingCents && money.classes.every((c) => c.amountCents > 0)
    ? money.classes.map((c) => ({ name: `${c.className} (${link.calendarYear})`, amountCents: c.amountCents }))
    : [{ name: `Class fees ${link.calendarYear}, ${schoolName}`, amountCents: money.owingCents }];
}

/**
 * Starts paying what a link's student owes: the one open checkout session of the student and year, made if there is
 * none. Serialised per student and year (two checkouts at once give one session); a session for a different amount
 * (fees changed since) is expired at the provider and replaced. Each provider call has an idempotency key derived
 * from the student, the year and the session's sequence number, so a retry after a crash reuses the provider's
 * session instead of making a second one.
 */
export async function startCheckout(
  deps: AppDeps,
  code: string,
  options: { actor: Actor | null; ip: string },
): Promise<StartCheckout> {
  const link = await linkByCode(deps.db, code);
  const provider = providerFor(deps);
  return deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    // The sync takes the school's sync lock before any student's lock, as every sync does: same order, no deadlock.
    await syncStudent(tx, link, at);
    await lockStudentYear(tx, link.profileId, link.calendarYear);
    const money = await owed(tx, link);
    if (money.owingCents <= 0) {
      throw new AppError('conflict', `Nothing is owed for ${link.calendarYear}: there is nothing to pay.`);
    }
    const reused = await reuseOpenSession(tx, provider, link, money, at);
    if (reused) return reused;
    const { rows: counted } = await tx.execute<{ n: string }>(
      sql`select count(*) as n from checkout_sessions where profile_id = ${link.profileId} and calendar_year = ${link.calendarYear}`,
    );
    const seq = Number(counted[0]!.n) + 1;
    const who = await studentAndSchool(tx, link);
    const base = deps.config.publicUrl;
    const checkout = await provider.createCheckoutSession({
      idempotencyKey: `checkout:${link.profileId}:${link.calendarYear}:${seq}`,
      amountCents: money.owingCents,
      currency: money.currency,
      lineItems: lineItems(link, money, who.school_name),
      successUrl: `${base}/fulfilment/?paymentLinkCode=${encodeURIComponent(link.code)}`,
      cancelUrl: `${base}/payment/${encodeURIComponent(link.code)}/?canceled=1`,
      clientReferenceId: link.code,
      metadata: {
        school_id: String(link.schoolId),
        profile_id: String(link.profileId),
        calendar_year: String(link.calendarYear),
      },
      expiresAt: new Date(at.getTime() + CHECKOUT_LIFETIME_MS),
      customerEmail: options.actor && options.actor.email === who.email ? who.email : null,
    });
    await tx.execute(sql`
      insert into checkout_sessions
        (id, provider, school_id, profile_id, calendar_year, payment_link_code, amount_cents, currency, url, status,
         payment_status, idempotency_key, created_at, expires_at)
      values (${checkout.id}, ${provider.name}, ${link.schoolId}, ${link.profileId}, ${link.calendarYear}, ${link.code},
              ${money.owingCents}, ${money.currency}, ${checkout.url}, ${checkout.status}, ${checkout.paymentStatus},
              ${`checkout:${link.profileId}:${link.calendarYear}:${seq}`}, ${at}, ${checkout.expiresAt})
      on conflict (id) do nothing`);
    await audit(tx, {
      actorUserId: options.actor?.userId ?? null,
      schoolId: link.schoolId,
      action: 'payments.checkout_started',
      entityType: 'checkout_session',
      entityId: checkout.id,
      after: { amount_cents: money.owingCents, currency: money.currency, provider: provider.name },
      ip: options.ip,
    });
    return {
      checkout_session_id: checkout.id,
      url: checkout.url,
      amount_cents: money.owingCents,
      currency: money.currency,
    };
  });
}

/** The latest checkout of a link, for the fulfilment page (which polls until the webhook has fulfilled it). */
export async function checkoutState(deps: AppDeps, code: string): Promise<CheckoutStateBody> {
  const link = await linkByCode(deps.db, code);
  const { rows } = await deps.db.execute<{
    status: string;
    payment_status: string;
    fulfilment: string;
    fulfilment_error: string | null;
    amount_cents: number;
    currency: string;
    expires_at: Date;
  }>(sql`
    select status, payment_status, fulfilment, fulfilment_error, amount_cents, currency, expires_at
      from checkout_sessions
     where profile_id = ${link.profileId} and calendar_year = ${link.calendarYear}
     order by created_at desc, id desc limit 1`);
  const money = await owed(deps.db, link);
  const who = await studentAndSchool(deps.db, link);
  const s = rows[0];
  let state: CheckoutStateBody['state'] = 'none';
  if (s) {
    if (s.fulfilment === 'fulfilled') state = 'paid';
    else if (s.fulfilment === 'failed' || s.fulfilment === 'needs_review') state = 'needs_review';
    else if (s.status === 'complete')
      state = s.payment_status === 'unpaid' && s.fulfilment_error ? 'failed' : 'processing';
    else if (s.status === 'expired' || new Date(s.expires_at).getTime() <= deps.clock.now().getTime())
      state = 'expired';
    else state = 'open';
  }
  return {
    state,
    first_name: who.first_name,
    currency: s?.currency ?? money.currency,
    amount_cents: s?.amount_cents ?? null,
    owing_cents: money.owingCents,
  };
}
