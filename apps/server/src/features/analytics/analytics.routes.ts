import { analyticsBatchBody, clientErrorBody } from '@banksia/contracts/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientErrors, trackedEvents } from '../../db/schema/index';
import { access } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { noContent } from '../../platform/openapi';

/** Tracked events and page views arrive in batches; client errors one by one. Anonymous visitors count too. */
export function analyticsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/analytics/',
      {
        config: { access: access.public },
        schema: {
          summary: 'Record analytics events and page views',
          response: { 204: noContent },
          tags: ['analytics'],
          body: analyticsBatchBody,
        },
      },
      async (request, reply) => {
        const userId = request.actor?.userId ?? null;
        await deps.db.insert(trackedEvents).values(
          request.body.items.map((item) => ({
            userId,
            kind: item.kind,
            name: item.name,
            properties: item.kind === 'event' ? item.properties : {},
            origin: item.kind === 'page_view' ? item.origin : null,
            path: item.path,
            occurredAt: new Date(item.occurred_at),
          })),
        );
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/v1/client-errors/',
      {
        config: { access: access.public },
        schema: {
          summary: 'Report an error in the web app',
          response: { 204: noContent },
          tags: ['analytics'],
          body: clientErrorBody,
        },
      },
      async (request, reply) => {
        const { message, stack, path, context } = request.body;
        await deps.db.insert(clientErrors).values({
          userId: request.actor?.userId ?? null,
          message,
          stack: stack ?? null,
          path,
          context: context ?? null,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        });
        request.log.warn({ clientError: message, path }, 'client error reported');
        return reply.status(204).send();
      },
    );
  };
}
