import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { authoringRoutes } from './authoring/index';
import { catalogueRoutes } from './catalogue/index';
import { lessonsRoutes } from './lessons/index';

/**
 * Every courses route: the catalogue (course lists, course pages, class course views, selectors), lessons (the open
 * demo lessons) and authoring (the staff's course wizard, course and lesson editors). Each registers as its own
 * plugin, so authoring's multipart parser stays scoped to it.
 */
export function coursesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(catalogueRoutes(deps));
    await app.register(lessonsRoutes(deps));
    await app.register(authoringRoutes(deps));
  };
}
