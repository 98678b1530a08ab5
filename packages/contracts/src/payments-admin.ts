import { z } from 'zod';
import { idParam, MAX_ID } from './ids';

// Payments administration (docs/payments.md): the school-class product editor (prices, due date, payment lock),
// the students-owing and refunds-owed reports, and refund runs. Money is integer cents with an ISO 4217 currency.

const id = z.number().int().max(MAX_ID);
const cents = z.number().int();

export const CLASS_FEATURE_VALUES = ['STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK'] as const;
export const classFeatureSchema = z.enum(CLASS_FEATURE_VALUES);
export type ClassFeature = z.infer<typeof classFeatureSchema>;

/** How each feature set is named on the pages. */
export const classFeatureLabels: Record<ClassFeature, string> = {
  STANDARD: 'Standard',
  EXTENDED: 'Extended',
  EXTENDED_TEXTBOOK: 'Extended with textbook',
};

/** The most a class may cost: $1,000,000.00 (the database's check). */
export const MAX_PRICE_CENTS = 100_000_000;

const yearParam = z.coerce.number().int().min(2000).max(2100);
export const calendarYearParams = z.object({ calendarYear: yearParam });
export const schoolYearParams = z.object({ calendarYear: yearParam, schoolId: idParam });

/** Cents as people read them: "$1,234.50" (AUD and other dollar currencies), else "1,234.50 EUR". */
export function formatMoney(amountCents: number, currency = 'AUD'): string {
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  const whole = Math.floor(abs / 100).toLocaleString('en-AU');
  const text = `${whole}.${String(abs % 100).padStart(2, '0')}`;
  return ['AUD', 'USD', 'NZD', 'CAD'].includes(currency) ? `${sign}$${text}` : `${sign}${text} ${currency}`;
}

/** Dollars typed by a person ("120", "120.5", "$1,200.00") as cents, or null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const clean = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

// ---------------------------------------------------------------------------------------------------------------
// Products (/content/admin/school-class-product-editor/{calendarYear}/ and /{schoolId}/)

export const productPricesSchema = z.object({
  STANDARD: cents.nullable(),
  EXTENDED: cents.nullable(),
  EXTENDED_TEXTBOOK: cents.nullable(),
});

export const schoolProductsSchema = z.object({
  school_id: id,
  school_name: z.string(),
  calendar_year: z.number().int(),
  currency: z.string(),
  /** Each feature set's price in cents; null when the school sells no such class that year (free). */
  prices: productPricesSchema,
  due_date: z.string().nullable(),
  locks_unpaid: z.boolean(),
  note: z.string(),
  /** Students on the roster of the school's priced normal classes that year. */
  paying_students: z.number().int(),
  /** Students whose classes are locked for want of payment. */
  locked_students: z.number().int(),
  updated_at: z.string().nullable(),
});
export type SchoolProducts = z.infer<typeof schoolProductsSchema>;

export const productsResponse = z.object({
  calendar_year: z.number().int(),
  schools: z.array(schoolProductsSchema),
});
export type ProductsList = z.infer<typeof productsResponse>;

const priceValue = z
  .number({ message: 'Enter a price in dollars, e.g. 120.00.' })
  .int('Enter whole cents.')
  .min(0, 'A price cannot be negative.')
  .max(MAX_PRICE_CENTS, 'At most $1,000,000.00.')
  .nullable();

export const saveProductsBody = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'A three-letter currency code, e.g. AUD.')
    .default('AUD'),
  prices: z.object({ STANDARD: priceValue, EXTENDED: priceValue, EXTENDED_TEXTBOOK: priceValue }),
  /** When payment is due; no date means nothing locks. */
  due_date: z.iso.date({ message: 'Enter a date as dd/mm/yyyy.' }).nullable(),
  locks_unpaid: z.boolean(),
  note: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
});
export type SaveProductsBody = z.input<typeof saveProductsBody>;

export const saveProductsResponse = schoolProductsSchema.extend({
  /** What saving did to the ledger: charges and credits posted now, or a job queued for a large school. */
  sync: z.object({
    charged: z.number().int(),
    credited: z.number().int(),
    queued: z.boolean(),
    locked: z.number().int(),
    released: z.number().int(),
  }),
});
export type SaveProductsResult = z.infer<typeof saveProductsResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Reports (/content/admin/students-owing-report/{calendarYear}/, …/{schoolId}/, refunds-owed-report/{calendarYear}/)

export const owingQuery = z.object({ school_id: idParam.optional() });

export const owingClassSchema = z.object({
  class_id: id,
  title: z.string(),
  feature: classFeatureSchema,
  /** What the ledger has charged for the class (net of credits). */
  charged_cents: cents,
  locked: z.boolean(),
});

export const studentOwingSchema = z.object({
  profile_id: id,
  user_id: id,
  school_id: id,
  school_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  currency: z.string(),
  owing_cents: cents,
  /** The student's classes of the year with a charge on them. */
  classes: z.array(owingClassSchema),
});
export type StudentOwing = z.infer<typeof studentOwingSchema>;

export const studentsOwingResponse = z.object({
  calendar_year: z.number().int(),
  school_id: id.nullable(),
  /** Totals per currency. */
  totals: z.array(z.object({ currency: z.string(), owing_cents: cents, students: z.number().int() })),
  students: z.array(studentOwingSchema),
});
export type StudentsOwingReport = z.infer<typeof studentsOwingResponse>;

export const studentRefundOwedSchema = z.object({
  profile_id: id,
  user_id: id,
  school_id: id,
  school_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  currency: z.string(),
  refund_owed_cents: cents,
  /** Of that, what is already in a refund run not yet paid out. */
  in_runs_cents: cents,
});
export type StudentRefundOwed = z.infer<typeof studentRefundOwedSchema>;

export const refundsOwedResponse = z.object({
  calendar_year: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), refund_owed_cents: cents, students: z.number().int() })),
  students: z.array(studentRefundOwedSchema),
});
export type RefundsOwedReport = z.infer<typeof refundsOwedResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Refund runs (/content/admin/refund-processes/{calendarYear}/)

export const REFUND_RUN_STATUSES = ['draft', 'approved', 'sending', 'sent', 'canceled'] as const;
export const REFUND_STATUSES = ['draft', 'pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;

export const refundSchema = z.object({
  id: id,
  profile_id: id,
  school_name: z.string(),
  student_name: z.string(),
  checkout_session_id: z.string(),
  amount_cents: cents,
  currency: z.string(),
  status: z.enum(REFUND_STATUSES),
  failure_reason: z.string().nullable(),
});
export type RefundLine = z.infer<typeof refundSchema>;

export const refundRunSchema = z.object({
  id: id,
  calendar_year: z.number().int(),
  status: z.enum(REFUND_RUN_STATUSES),
  created_by: id,
  created_by_name: z.string(),
  created_at: z.string(),
  approved_by: id.nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  totals: z.array(z.object({ currency: z.string(), amount_cents: cents })),
  refunds: z.array(refundSchema),
});
export type RefundRun = z.infer<typeof refundRunSchema>;

export const refundRunsResponse = z.object({
  calendar_year: z.number().int(),
  /** Refunds owed not yet in a run, which a new run would take. */
  available: z.object({
    students: z.number().int(),
    totals: z.array(z.object({ currency: z.string(), amount_cents: cents })),
  }),
  runs: z.array(refundRunSchema),
});
export type RefundRunsList = z.infer<typeof refundRunsResponse>;

export const refundRunParams = z.object({ runId: idParam });

/** The answer to creating, approving, sending or canceling a run: the run as it now stands. */
export const refundRunResponse = refundRunSchema;
