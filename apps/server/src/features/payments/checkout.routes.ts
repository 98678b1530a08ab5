import {
  calendarYearQuery,
  checkoutSessionParams,
  checkoutStateResponse,
  fulfilmentReviewResponse,
  myPaymentsResponse,
  paymentLinkParams,
  paymentSummary,
  retryFulfilmentResponse,
  startCheckoutResponse,
} from '@banksia/contracts/payments-checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { checkoutState, linkSummary, myPayments, startCheckout } from './checkout.service';
import { WEBHOOK_PATH } from './payments.jobs';
import { fulfilmentReview, receiveWebhook, retryFulfilment } from './webhooks';

const tags = ['payments'];

/**
 * Paying: the signed-in student's links, a payment link's summary and checkout (signed out works: the long random
 * code is the key, and every code answers alike whether it never existed or is another student's), the checkout
 * state the fulfilment page polls, the staff's fulfilment review, and the provider's webhook.
 */
export function paymentsCheckoutRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/payments/me/',
      {
        config: { access: access.signedIn },
        schema: {
          summary: "Get the signed-in student's fees",
          tags,
          querystring: calendarYearQuery,
          response: { 200: myPaymentsResponse },
        },
      },
      async (request) => myPayments(deps, requireActor(request), request.query.calendar_year),
    );

    app.get(
      '/api/v1/payments/links/:code/',
      {
        config: { access: access.public },
        schema: { tags, params: paymentLinkParams, response: { 200: paymentSummary } },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return linkSummary(deps, request.params.code);
      },
    );

    app.post(
      '/api/v1/payments/links/:code/checkout/',
      {
        config: { access: access.public },
        schema: {
          summary: 'Start checkout for a payment link',
          tags,
          params: paymentLinkParams,
          response: { 201: startCheckoutResponse },
        },
      },
      async (request, reply) => {
        const started = await startCheckout(deps, request.params.code, { actor: request.actor, ip: request.ip });
        return reply.status(201).send(started);
      },
    );

    app.get(
      '/api/v1/payments/links/:code/checkout/',
      {
        config: { access: access.public },
        schema: {
          summary: "Get the state of a payment link's checkout",
          tags,
          params: paymentLinkParams,
          response: { 200: checkoutStateResponse },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return checkoutState(deps, request.params.code);
      },
    );

    const reviewers = { access: access.role('content_admin', 'payments_admin') };
    app.get(
      '/api/v1/payments/fulfilment-review/',
      { config: reviewers, schema: { tags, response: { 200: fulfilmentReviewResponse } } },
      async () => ({ results: await fulfilmentReview(deps) }),
    );

    app.post(
      '/api/v1/payments/fulfilment-review/:checkoutSessionId/retry/',
      {
        config: reviewers,
        schema: { tags, params: checkoutSessionParams, response: { 200: retryFulfilmentResponse } },
      },
      async (request) => retryFulfilment(deps, request.params.checkoutSessionId, requireActor(request), request.ip),
    );

    // The webhook reads its body as the raw text Stripe signed: verified before it is parsed.
    await app.register(async (hooks) => {
      hooks.removeContentTypeParser('application/json');
      hooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_048_576 }, (_req, body, done) =>
        done(null, body),
      );
      hooks.post(
        WEBHOOK_PATH,
        {
          // Public, and no CSRF token: the provider signs every delivery (Stripe-Signature) instead.
          config: { access: access.public, csrf: 'signed-policy' },
          schema: {
            summary: 'Receive a Stripe webhook event',
            tags,
            description:
              'Stripe webhook endpoint: verifies Stripe-Signature over the raw body (tolerance 300 s) and handles each event id once.',
            headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }),
            response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
          },
        },
        async (request) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          const header = request.headers['stripe-signature'];
          const outcome = await receiveWebhook(deps, raw, typeof header === 'string' ? header : undefined);
          return { received: true as const, duplicate: outcome === 'duplicate' };
        },
      );
    });
  };
}
