import {
  clientConfigResponse,
  createSupportRequestBody,
  supportRequestIdParams,
  supportRequestListResponse,
} from '@banksia/contracts/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import * as repo from './support.repository';
import { noContent } from '../../platform/openapi';

/** Support requests from anyone (signed in or not); the inbox is for staff. */
const SUPPORT_REQUESTS_PER_IP_PER_HOUR = 10;

export function supportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/config/',
      {
        config: { access: access.public },
        schema: {
          summary: "Get the web app's configuration",
          tags: ['support'],
          response: { 200: clientConfigResponse },
        },
      },
      async () => ({
        chat_widget_url: deps.config.chatWidgetUrl ?? null,
        sentry_dsn: deps.config.sentryDsn ?? null,
        environment: deps.config.env,
      }),
    );

    app.post(
      '/api/v1/support/requests/',
      {
        config: { access: access.public },
        schema: { tags: ['support'], body: createSupportRequestBody, response: { 201: z.object({ id: z.number() }) } },
      },
      async (request, reply) => {
        const now = deps.clock.now();
        const recent = await repo.countSince(deps.db, request.ip, new Date(now.getTime() - 3_600_000));
        if (recent >= SUPPORT_REQUESTS_PER_IP_PER_HOUR) {
          throw new AppError('too_many_requests', 'You have sent several messages already. Please try again later.');
        }
        if (!request.actor && !request.body.email) {
          throw new AppError('validation_failed', 'Tell us your email so we can reply.', {
            errors: { email: ['Tell us your email so we can reply.'] },
          });
        }
        const id = await repo.create(deps.db, {
          userId: request.actor?.userId ?? null,
          email: request.body.email ?? request.actor?.email ?? null,
          message: request.body.message,
          page: request.body.page,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
          ip: request.ip,
          createdAt: now,
        });
        request.log.info({ supportRequestId: id }, 'support request received');
        return reply.status(201).send({ id });
      },
    );

    const staff = { access: access.role('content_admin') };
    app.get(
      '/api/v1/support/requests/',
      { config: staff, schema: { tags: ['support'], response: { 200: supportRequestListResponse } } },
      async () => ({ results: await repo.list(deps.db) }),
    );

    app.post(
      '/api/v1/support/requests/:requestId/resolve/',
      {
        config: staff,
        schema: {
          summary: 'Resolve a support request',
          response: { 204: noContent },
          tags: ['support'],
          params: supportRequestIdParams,
        },
      },
      async (request, reply) => {
        const done = await repo.resolve(
          deps.db,
          request.params.requestId,
          requireActor(request).userId,
          deps.clock.now(),
        );
        if (!done) throw new AppError('not_found', 'No such support request.');
        return reply.status(204).send();
      },
    );
  };
}
