import { classIdParams, rawClassDetailSchema } from '@banksia/contracts/classes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { classManagementRoutes } from './class-management.routes';
import { presentRawClassDetail } from './classes.presenter';
import { classDetail } from './classes.service';
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
        const { klass, enrolments } = await classDetail(deps, actor, request.params.classId);
        const namer = StudentNamer.create(
          anonymiseRequested(request),
          enrolments.map((e) => e.profile_id),
          deps.clock.now(),
        );
        return presentRawClassDetail(klass, enrolments, namer);
      },
    );
  };
}
