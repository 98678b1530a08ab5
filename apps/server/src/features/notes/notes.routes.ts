import { notesParams, notesSchema, saveNotesBody } from '@banksia/contracts/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as service from './notes.service';

/** A student's notes on a lesson (/class/{classId}/lesson/{lessonId}/notes/{profileId}/). */
export function notesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const path = '/api/v1/classes/:classId/lessons/:lessonId/notes/:profileId/';

    app.get(
      path,
      {
        config: { access: access.signedIn },
        schema: { tags: ['notes'], params: notesParams, response: { 200: notesSchema } },
      },
      async (request) => service.getNotes(deps, requireActor(request), request.params),
    );

    app.put(
      path,
      {
        config: { access: access.signedIn },
        schema: { tags: ['notes'], params: notesParams, body: saveNotesBody, response: { 200: notesSchema } },
      },
      async (request) => service.saveNotes(deps, requireActor(request), request.params, request.body),
    );
  };
}
