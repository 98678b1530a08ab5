import {
  calendarYearParams,
  refundRunParams,
  refundRunResponse,
  refundRunsResponse,
} from '@banksia/contracts/payments-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { paymentsStaff } from './products.routes';
import * as service from './refund-runs.service';

/** Refund runs (/content/admin/refund-processes/{calendarYear}/): payments and content staff. */
export function refundRunsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['payments'];

    app.get(
      '/api/v1/payments/refund-runs/year/:calendarYear/',
      {
        config: paymentsStaff,
        schema: {
          summary: 'List the refund runs of a year',
          tags,
          params: calendarYearParams,
          response: { 200: refundRunsResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.listRuns(deps, request.params.calendarYear);
      },
    );

    app.post(
      '/api/v1/payments/refund-runs/year/:calendarYear/',
      {
        config: paymentsStaff,
        schema: {
          summary: 'Start a refund run for a year',
          tags,
          params: calendarYearParams,
          response: { 201: refundRunResponse },
        },
      },
      async (request, reply) => {
        const run = await service.createRun(deps, requireActor(request), request.params.calendarYear, request.ip);
        return reply.status(201).send(run);
      },
    );

    const action = (name: 'approve' | 'send' | 'cancel', run: typeof service.approveRun) =>
      app.post(
        `/api/v1/payments/refund-runs/:runId/${name}/`,
        { config: paymentsStaff, schema: { tags, params: refundRunParams, response: { 200: refundRunResponse } } },
        async (request) => run(deps, requireActor(request), request.params.runId, request.ip),
      );
    action('approve', service.approveRun);
    action('send', service.sendRun);
    action('cancel', service.cancelRun);
  };
}
