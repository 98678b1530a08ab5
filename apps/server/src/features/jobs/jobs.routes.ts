import { jobIdParams, jobsOverviewSchema, retryJobResponse } from '@banksia/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as service from './jobs.service';

/** Staff view of the background jobs: queue counts, failed jobs (dead letters), retry. */
export function jobsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const staff = { access: access.role('content_admin') };
    const tags = ['admin'];

    app.get(
      '/api/v1/admin/jobs/',
      { config: staff, schema: { tags, response: { 200: jobsOverviewSchema } } },
      async () => service.jobsOverview(deps),
    );

    app.post(
      '/api/v1/admin/jobs/:id/retry/',
      { config: staff, schema: { tags, params: jobIdParams, response: { 200: retryJobResponse } } },
      async (request) => service.retryFailedJob(deps, requireActor(request), request.params.id, request.ip),
    );
  };
}
