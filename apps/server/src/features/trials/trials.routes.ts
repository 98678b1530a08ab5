import {
  createStudentTrialBody,
  createTrialAccountsBody,
  extendTrialBody,
  setupTeacherTrialBody,
  setupTeacherTrialResponse,
  trialAccountsResponse,
  trialClassParams,
  trialClassSchema,
  trialListQuery,
  trialListResponse,
} from '@banksia/contracts/trials';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as service from './trials.service';

/** Content staff's trials: teacher trials, student trial classes and their anonymous accounts. */
export function trialsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const staff = { access: access.role('content_admin') };
    const tags = ['trials'];

    app.get(
      '/api/v1/admin/trials/',
      { config: staff, schema: { tags, querystring: trialListQuery, response: { 200: trialListResponse } } },
      async (request) => service.listTrials(deps, request.query.class_type),
    );

    app.post(
      '/api/v1/admin/trials/teacher/',
      {
        config: staff,
        schema: {
          summary: 'Start a teacher trial',
          tags,
          body: setupTeacherTrialBody,
          response: { 201: setupTeacherTrialResponse },
        },
      },
      async (request, reply) => {
        const result = await service.setupTeacherTrial(deps, requireActor(request).userId, request.body, request.ip);
        return reply.status(201).send(result);
      },
    );

    app.post(
      '/api/v1/admin/trials/student-classes/',
      { config: staff, schema: { tags, body: createStudentTrialBody, response: { 201: trialClassSchema } } },
      async (request, reply) => {
        const result = await service.createStudentTrial(deps, requireActor(request).userId, request.body, request.ip);
        return reply.status(201).send(result);
      },
    );

    app.post(
      '/api/v1/admin/trials/accounts/',
      { config: staff, schema: { tags, body: createTrialAccountsBody, response: { 201: trialAccountsResponse } } },
      async (request, reply) => {
        const result = await service.createTrialAccounts(deps, requireActor(request).userId, request.body, request.ip);
        // The passwords are in this answer only.
        void reply.header('cache-control', 'no-store');
        return reply.status(201).send(result);
      },
    );

    app.post(
      '/api/v1/admin/trials/:classId/extend/',
      {
        config: staff,
        schema: { tags, params: trialClassParams, body: extendTrialBody, response: { 200: trialClassSchema } },
      },
      async (request) =>
        service.extendTrial(
          deps,
          requireActor(request).userId,
          request.params.classId,
          request.body.expiration_date,
          request.ip,
        ),
    );

    app.post(
      '/api/v1/admin/trials/:classId/convert/',
      { config: staff, schema: { tags, params: trialClassParams, response: { 200: trialClassSchema } } },
      async (request) => service.convertTrial(deps, requireActor(request).userId, request.params.classId, request.ip),
    );
  };
}
