import { z } from 'zod';

/**
 * Paying (issue 17, ADR 011): a student's payment link per calendar year, what it owes per class, checkout through
 * the payment provider, the fulfilment page's view of the result, and the staff's fulfilment review.
 */

/** A payment link's code: long and random, since it works signed out. */
export const paymentLinkCode = z
  .string()
  .regex(/^[A-Za-z0-9_-]{24,64}$/, 'That is not a payment link.')
  .describe('A payment link code');
export const paymentLinkParams = z.object({ code: paymentLinkCode });

export const calendarYearQuery = z.object({
  calendar_year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const paymentClassLine = z.object({
  class_name: z.string(),
  amount_cents: z.number().int(),
});

/** What a payment link shows: the student's first name, school and classes with amounts, and nothing else. */
export const paymentSummary = z.object({
  code: z.string(),
  calendar_year: z.number().int(),
  first_name: z.string(),
  school_name: z.string(),
  currency: z.string(),
  classes: z.array(paymentClassLine),
  /** The classes' fees together. */
  total_cents: z.number().int(),
  /** What is still to pay (the student's receivable balance). */
  owing_cents: z.number().int(),
  /** Paid already (fees less what is owed, never below zero). */
  paid_cents: z.number().int(),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

export const myPaymentsResponse = z.object({
  calendar_year: z.number().int(),
  /** One per student profile of the signed-in person (a student at two schools has two). */
  links: z.array(paymentSummary),
});
export type MyPayments = z.infer<typeof myPaymentsResponse>;

export const startCheckoutResponse = z.object({
  checkout_session_id: z.string(),
  /** Where to send the browser: the provider's checkout page. */
  url: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
});
export type StartCheckout = z.infer<typeof startCheckoutResponse>;

export const checkoutStates = ['none', 'open', 'processing', 'paid', 'failed', 'expired', 'needs_review'] as const;
export type CheckoutState = (typeof checkoutStates)[number];

/** The latest checkout of a payment link, as the fulfilment page polls it. */
export const checkoutStateResponse = z.object({
  state: z.enum(checkoutStates),
  first_name: z.string(),
  currency: z.string(),
  amount_cents: z.number().int().nullable(),
  owing_cents: z.number().int(),
});
export type CheckoutStateBody = z.infer<typeof checkoutStateResponse>;

export const fulfilmentStates = ['pending', 'fulfilled', 'failed', 'needs_review'] as const;

export const fulfilmentReviewItem = z.object({
  checkout_session_id: z.string(),
  provider: z.string(),
  school_name: z.string(),
  student_name: z.string(),
  calendar_year: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  payment_status: z.string(),
  fulfilment: z.enum(fulfilmentStates),
  fulfilment_error: z.string().nullable(),
  fulfilment_attempts: z.number().int(),
  completed_at: z.string().nullable(),
});
export type FulfilmentReviewItem = z.infer<typeof fulfilmentReviewItem>;
export const fulfilmentReviewResponse = z.object({ results: z.array(fulfilmentReviewItem) });

export const checkoutSessionParams = z.object({
  checkoutSessionId: z.string().regex(/^cs_[A-Za-z0-9_-]{4,200}$/, 'That is not a checkout session id.'),
});

export const retryFulfilmentResponse = z.object({ fulfilment: z.enum(fulfilmentStates), error: z.string().nullable() });
