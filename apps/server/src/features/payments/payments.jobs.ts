import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { signWebhookPayload } from './providers/index';

declare module '../../platform/jobs' {
  interface JobPayloads {
    'payment-test-webhook': { body: string };
  }
}

/** The path Stripe (and the test provider) deliver webhook events to. */
export const WEBHOOK_PATH = '/api/v1/payments/webhooks/stripe/';

/**
 * How the test provider's webhooks reach the app: an HTTP POST to the app's own public URL, as Stripe's would.
 * Tests swap `send` for one that calls the app in-process.
 */
export const testWebhookTransport = {
  send: async (url: string, body: string, headers: Record<string, string>): Promise<number> => {
    const response = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  },
};

/**
 * Delivers one of the test provider's webhook events, signed at the moment of sending (as Stripe signs each
 * attempt). Anything but a 2xx answer fails the job, which pg-boss retries with backoff, like Stripe's retries.
 */
export const paymentTestWebhookJob = defineJob({
  name: 'payment-test-webhook',
  payload: z.object({ body: z.string().max(500_000) }),
  retry: { limit: 10, delaySeconds: 2, backoff: true },
  expireInSeconds: 60,
  pollSeconds: 1,
  handler: async ({ body }, { deps }) => {
    const signature = signWebhookPayload(deps, body);
    const status = await testWebhookTransport.send(`${deps.config.publicUrl}${WEBHOOK_PATH}`, body, {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      'user-agent': 'Banksia test provider (Stripe/1.0)',
    });
    if (status < 200 || status >= 300) throw new Error(`webhook endpoint answered ${status}`);
  },
});
