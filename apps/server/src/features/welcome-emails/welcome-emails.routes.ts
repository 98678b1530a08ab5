import {
  welcomeLogQuery,
  welcomeLogResponse,
  welcomePreviewBody,
  welcomePreviewResponse,
  welcomeStepBody,
  welcomeStepListResponse,
  welcomeStepParams,
  welcomeStepSchema,
  welcomeTestSendResponse,
} from '@banksia/contracts/welcome-emails';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as service from './welcome-emails.service';
import { noContent } from '../../platform/openapi';

/** Content staff's welcome journey: its emails, a preview, a test send, and the log of what was sent. */
export function welcomeEmailsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const staff = { access: access.role('content_admin') };
    const tags = ['welcome-emails'];
    const base = '/api/v1/admin/welcome-emails';

    app.get(`${base}/`, { config: staff, schema: { tags, response: { 200: welcomeStepListResponse } } }, async () =>
      service.listSteps(deps),
    );

    app.post(
      `${base}/`,
      { config: staff, schema: { tags, body: welcomeStepBody, response: { 201: welcomeStepSchema } } },
      async (request, reply) =>
        reply.status(201).send(await service.createStep(deps, requireActor(request).userId, request.body, request.ip)),
    );

    app.put(
      `${base}/:stepId/`,
      {
        config: staff,
        schema: { tags, params: welcomeStepParams, body: welcomeStepBody, response: { 200: welcomeStepSchema } },
      },
      async (request) =>
        service.updateStep(deps, requireActor(request).userId, request.params.stepId, request.body, request.ip),
    );

    app.delete(
      `${base}/:stepId/`,
      { config: staff, schema: { response: { 204: noContent }, tags, params: welcomeStepParams } },
      async (request, reply) => {
        await service.deleteStep(deps, requireActor(request).userId, request.params.stepId, request.ip);
        return reply.status(204).send();
      },
    );

    app.post(
      `${base}/preview/`,
      {
        config: staff,
        schema: {
          summary: 'Preview a welcome email',
          tags,
          body: welcomePreviewBody,
          response: { 200: welcomePreviewResponse },
        },
      },
      async (request) => service.preview(deps, request.body),
    );

    app.post(
      `${base}/:stepId/test-send/`,
      { config: staff, schema: { tags, params: welcomeStepParams, response: { 200: welcomeTestSendResponse } } },
      async (request) => service.testSend(deps, requireActor(request), request.params.stepId, request.ip),
    );

    app.get(
      `${base}/log/`,
      { config: staff, schema: { tags, querystring: welcomeLogQuery, response: { 200: welcomeLogResponse } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.sendLog(deps, request.query.step_id, request.query.page);
      },
    );
  };
}
