import { schoolClassesQuery, schoolClassesResponse } from '@banksia/contracts/courses';
import { schoolListResponse } from '@banksia/contracts/schools';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, hasRole, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as repo from './schools.repository';
import * as service from './schools.service';

const schoolIdParams = z.object({ schoolId: z.coerce.number().int().positive() });

export function schoolsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Staff choose among every school; everyone else sees only their own schools.
    app.get(
      '/api/v1/schools/',
      { config: { access: access.signedIn }, schema: { tags: ['schools'], response: { 200: schoolListResponse } } },
      async (request) => {
        const actor = requireActor(request);
        return hasRole(actor, 'content_admin', 'roster_admin', 'payments_admin')
          ? repo.allSchools(deps.db)
          : repo.schoolsOfUser(deps.db, actor.userId);
      },
    );

    // The class list of /account/school/{year}/ and the school dashboard.
    app.get(
      '/api/v1/schools/:schoolId/classes/',
      {
        config: { access: access.signedIn },
        schema: {
          tags: ['schools'],
          params: schoolIdParams,
          querystring: schoolClassesQuery,
          response: { 200: schoolClassesResponse },
        },
      },
      async (request) =>
        service.schoolClasses(deps, requireActor(request), request.params.schoolId, request.query.year),
    );
  };
}
