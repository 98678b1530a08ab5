import { rosterDatasetParams, rosterRollbackResponse } from '@banksia/contracts/rosters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import { ROSTERS_API, rostersAccess, tags } from '../rosters.access';
import * as service from './rollback.service';

/** Rolling back the latest applied dataset of a school and year. */
export function rollbackRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${ROSTERS_API}/datasets/:id/rollback/`,
      {
        config: rostersAccess,
        schema: { tags, params: rosterDatasetParams, response: { 200: rosterRollbackResponse } },
      },
      async (request) => service.rollbackDataset(deps, requireActor(request), request.params.id, request.ip),
    );
  };
}
