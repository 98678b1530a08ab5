import { classIdParams, rawClassDetailSchema } from '@banksia/contracts/classes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { classManagementRoutes } from './class-management.routes';
import { canViewClassDetail } from './classes.policy';
import { presentRawClassDetail } from './classes.presenter';
import * as repo from './classes.repository';
import { anonymiseRequested, StudentNamer } from '../../platform/student-names';

export function classesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(classManagementRoutes(deps));

    // api:class-detail
    app.get(
      '/api/v1/classes/:classId/',
      {
        config: { access: access.signedIn },
        schema: { tags: ['classes'], params: classIdParams, response: { 200: rawClassDetailSchema } },
      },
      async (request) => {
        const actor = requireActor(request);
        const found = await repo.findClassWithStanding(deps.db, actor.userId, request.params.classId);
        if (!found) throw new AppError('not_found', 'No such class.');
        if (!canViewClassDetail(actor, found)) throw new AppError('forbidden');
        const enrolments = await repo.enrolmentsOf(deps.db, found.id, found.school_id);
        const namer = StudentNamer.create(
          anonymiseRequested(request),
          enrolments.map((e) => e.profile_id),
          deps.clock.now(),
        );
        return presentRawClassDetail(found, enrolments, namer);
      },
    );
  };
}
