import { demoLessonResponse } from '@banksia/contracts/courses';
import { idParam } from '@banksia/contracts/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import * as service from './lessons.service';

const lessonIdParams = z.object({ lessonId: idParam });

/** Lessons as learners read them outside a class: the open demo lessons. */
export function lessonsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Demo lessons are open to visitors who are not signed in; nothing is recorded.
    app.get(
      '/api/v1/demo/lessons/:lessonId/',
      {
        config: { access: access.public },
        schema: { tags: ['courses'], params: lessonIdParams, response: { 200: demoLessonResponse } },
      },
      async (request) => service.demoLesson(deps, request.params.lessonId),
    );
  };
}
