import { outboxIdParams, outboxListResponse, outboxMessageDetail, outboxQuery } from '@banksia/contracts/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as service from './outbox.service';

/**
 * The email outbox for content staff (ADR 010): every message the app has queued, sent or failed to send. Messages
 * hold sign-in links, so answers are never cached.
 */
export function outboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const staff = { access: access.role('content_admin') };
    const tags = ['admin'];

    app.get(
      '/api/v1/admin/outbox/',
      {
        config: staff,
        schema: {
          summary: 'List the emails sent and queued',
          tags,
          querystring: outboxQuery,
          response: { 200: outboxListResponse },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.listOutbox(deps, request.query);
      },
    );

    app.get(
      '/api/v1/admin/outbox/:id/',
      {
        config: staff,
        schema: {
          summary: 'Get an email sent or queued',
          tags,
          params: outboxIdParams,
          response: { 200: outboxMessageDetail },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.getOutboxMessage(deps, request.params.id);
      },
    );
  };
}
