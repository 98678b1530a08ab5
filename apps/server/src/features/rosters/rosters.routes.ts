import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { acceptMultipart } from '../../platform/multipart';
import { applyRoutes } from './apply/index';
import { ROSTER_MAX_UPLOAD_BYTES } from './parsers/index';
import { reconcileRoutes } from './reconcile/index';
import { rollbackRoutes } from './rollback/index';
import { uploadRoutes } from './upload/index';

/** Roster uploads and the enrolinator: roster and content staff (any school), school admins (their school). */
export function rostersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Up to ten files (a zip, or a system's set of CSVs) in one form.
    await acceptMultipart(app, { fileSize: ROSTER_MAX_UPLOAD_BYTES, files: 10, fields: 10, parts: 20 });
    await app.register(uploadRoutes(deps));
    await app.register(reconcileRoutes(deps));
    await app.register(applyRoutes(deps));
    await app.register(rollbackRoutes(deps));
  };
}
