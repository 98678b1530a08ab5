import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { acceptHtmlForms, pageForError, renderPage } from '../../platform/views';
import {
  confirmTestSession,
  payTestSession,
  readTestSession,
  TEST_CARDS,
  type PayOutcome,
  type TestSession,
} from './providers/index';

const params = z.object({ sessionId: z.string().regex(/^cs_test_[A-Za-z0-9_-]{10,64}$/) });
const payForm = z.object({ _csrf: z.string().optional(), card_number: z.string().max(40).default('') });
const confirmForm = z.object({ _csrf: z.string().optional(), decision: z.enum(['approve', 'fail']) });

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/**
 * The built-in test provider's checkout page (ADR 011), server-rendered like the /secret/ pages (ADR 033): only
 * when no Stripe key is set, and labelled as a test on every page. Anyone holding the session's address may pay it,
 * as with Stripe's hosted page. A card that succeeds completes the session, queues `checkout.session.completed` for
 * the webhook endpoint and redirects to the session's success URL.
 */
export function testProviderPages(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    if (deps.config.stripe.secretKey) return;
    await acceptHtmlForms(app);
    app.setErrorHandler(async (error, request, reply) => pageForError(deps, error, request, reply));
    const config = { access: access.public };

    const view = (session: TestSession, extra: { problem?: string; notice?: string; card?: string }) => ({
      title: 'Test checkout',
      page: {
        session: {
          id: session.id,
          amount: money(session.amount_total, session.currency),
          lines: session.line_items.map((l) => ({ name: l.name, amount: money(l.amount, session.currency) })),
          status: session.status,
          cancelUrl: session.cancel_url,
          successUrl: session.success_url,
        },
        action: `/test-provider/checkout/${session.id}/`,
        cards: TEST_CARDS,
        card: extra.card ?? '',
        problem: extra.problem ?? '',
        notice: extra.notice ?? '',
      },
    });

    const load = async (id: string) => {
      const session = await readTestSession(deps, id);
      if (!session) throw new AppError('not_found', 'There is no such checkout.');
      return session;
    };

    const answer = async (
      request: Parameters<typeof renderPage>[0],
      reply: Parameters<typeof renderPage>[1],
      id: string,
      outcome: PayOutcome,
      card: string,
    ) => {
      switch (outcome.outcome) {
        case 'paid':
          return reply.redirect(outcome.redirect, 303);
        case 'needs_confirmation':
          return reply.redirect(`/test-provider/checkout/${id}/confirm/`, 303);
        case 'declined':
          return renderPage(
            request,
            reply,
            deps,
            'test-provider/checkout',
            view(await load(id), { problem: outcome.message, card }),
            402,
          );
        case 'closed':
          return renderPage(
            request,
            reply,
            deps,
            'test-provider/checkout',
            view(await load(id), { problem: outcome.message }),
            409,
          );
      }
    };

    app.get(
      '/test-provider/checkout/:sessionId/',
      { config, schema: { hide: true, params } },
      async (request, reply) => {
        const session = await load(request.params.sessionId);
        const notice =
          session.status === 'complete' ? 'This checkout has been paid.' : session.status === 'expired' ? '' : '';
        const problem = session.status === 'expired' ? 'This checkout has expired. Go back and start again.' : '';
        return renderPage(request, reply, deps, 'test-provider/checkout', view(session, { notice, problem }));
      },
    );

    app.post(
      '/test-provider/checkout/:sessionId/',
      { config, schema: { hide: true, params, body: payForm } },
      async (request, reply) => {
        const id = request.params.sessionId;
        const outcome = await payTestSession(deps, id, request.body.card_number);
        return answer(request, reply, id, outcome, request.body.card_number);
      },
    );

    app.get(
      '/test-provider/checkout/:sessionId/confirm/',
      { config, schema: { hide: true, params } },
      async (request, reply) => {
        const session = await load(request.params.sessionId);
        if (!session.awaiting_confirmation || session.status !== 'open') {
          return reply.redirect(`/test-provider/checkout/${session.id}/`, 303);
        }
        return renderPage(request, reply, deps, 'test-provider/confirm', {
          title: 'Confirm the test payment',
          page: {
            amount: money(session.amount_total, session.currency),
            action: `/test-provider/checkout/${session.id}/confirm/`,
          },
        });
      },
    );

    app.post(
      '/test-provider/checkout/:sessionId/confirm/',
      { config, schema: { hide: true, params, body: confirmForm } },
      async (request, reply) => {
        const id = request.params.sessionId;
        const outcome = await confirmTestSession(deps, id, request.body.decision === 'approve');
        return answer(request, reply, id, outcome, '');
      },
    );
  };
}
