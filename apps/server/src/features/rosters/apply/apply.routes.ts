import { rosterApplyResponse, rosterDatasetParams } from '@banksia/contracts/rosters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import { ROSTERS_API, rostersAccess, tags } from '../rosters.access';
import * as service from './apply.service';

/** Applying a dataset: queued (202) or held (200), a held one approved, a failed one retried. */
export function applyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const config = rostersAccess;
    const base = ROSTERS_API;
    const responses = { 200: rosterApplyResponse, 202: rosterApplyResponse };

    app.post(
      `${base}/datasets/:id/apply/`,
      { config, schema: { tags, params: rosterDatasetParams, response: responses } },
      async (request, reply) => {
        const result = await service.requestApply(deps, requireActor(request), request.params.id, request.ip);
        return reply.status(result.status === 'applying' ? 202 : 200).send(result);
      },
    );

    app.post(
      `${base}/datasets/:id/approve/`,
      { config, schema: { tags, params: rosterDatasetParams, response: responses } },
      async (request, reply) => {
        const result = await service.approveDataset(deps, requireActor(request), request.params.id, request.ip);
        return reply.status(result.status === 'applying' ? 202 : 200).send(result);
      },
    );

    app.post(
      `${base}/datasets/:id/retry/`,
      { config, schema: { tags, params: rosterDatasetParams, response: { 202: rosterApplyResponse } } },
      async (request, reply) => {
        const result = await service.retryApply(deps, requireActor(request), request.params.id, request.ip);
        return reply.status(202).send(result);
      },
    );
  };
}
