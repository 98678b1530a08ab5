import {
  rosterDatasetParams,
  rosterDatasetSchema,
  rosterDecisionParams,
  rosterOverrideBody,
  rosterStepParams,
  rosterStepResponse,
} from '@banksia/contracts/rosters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import { ROSTERS_API, rostersAccess, tags } from '../rosters.access';
import * as service from './reconcile.service';

/** Reviewing a dataset's plan: a step's decisions, a person's override, and the confirmed header mapping. */
export function reconcileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const config = rostersAccess;
    const base = ROSTERS_API;

    app.get(
      `${base}/datasets/:id/:step/`,
      {
        config,
        schema: {
          summary: 'Get a step of a roster dataset',
          tags,
          params: rosterStepParams,
          response: { 200: rosterStepResponse },
        },
      },
      async (request) => service.getStep(deps, requireActor(request), request.params.id, request.params.step),
    );

    app.put(
      `${base}/datasets/:id/:step/:recordId/`,
      {
        config,
        schema: {
          summary: 'Override a record in a step of a roster dataset',
          tags,
          params: rosterDecisionParams,
          body: rosterOverrideBody,
          response: { 200: rosterStepResponse },
        },
      },
      async (request) =>
        service.overrideDecision(
          deps,
          requireActor(request),
          request.params.id,
          request.params.step,
          request.params.recordId,
          request.body,
          request.ip,
        ),
    );

    app.post(
      `${base}/datasets/:id/confirm-mapping/`,
      { config, schema: { tags, params: rosterDatasetParams, response: { 200: rosterDatasetSchema } } },
      async (request) => service.confirmMapping(deps, requireActor(request), request.params.id, request.ip),
    );
  };
}
