import { classIdParams } from '@banksia/contracts/classes';
import {
  reviewAnswerBody,
  reviewAnswerResultSchema,
  reviewCardParams,
  reviewQuery,
  reviewTodaySchema,
  reviewTopicsSchema,
} from '@banksia/contracts/review';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { anonymiseRequested } from '../../platform/student-names';
import * as service from './review.service';

const anonymiseQuery = z.object({ anonymise: z.enum(['0', '1']).optional() });

/** Spaced retrieval: students' daily review sets and the class's missed topics. */
export function reviewRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { access: access.signedIn };

    // The student's review for today (the school's day), across their classes (or one, with ?class_id=).
    app.get(
      '/api/v1/review/',
      {
        config: signedIn,
        schema: {
          summary: "Get the signed-in student's daily review",
          tags: ['review'],
          querystring: reviewQuery,
          response: { 200: reviewTodaySchema },
        },
      },
      async (request) => service.reviewToday(deps, requireActor(request), { classId: request.query.class_id }),
    );

    // Check an answer to one of the student's due review questions in a class.
    app.post(
      '/api/v1/classes/:classId/review/questions/:questionId/answer/',
      {
        config: signedIn,
        schema: {
          tags: ['review'],
          params: reviewCardParams,
          body: reviewAnswerBody,
          response: { 200: reviewAnswerResultSchema },
        },
      },
      async (request) => service.answerCard(deps, requireActor(request), request.params, request.body),
    );

    // The topics the class keeps missing (teachers of the class, school admins, staff).
    app.get(
      '/api/v1/classes/:classId/review/topics/',
      {
        config: signedIn,
        schema: {
          tags: ['review'],
          params: classIdParams,
          querystring: anonymiseQuery,
          response: { 200: reviewTopicsSchema },
        },
      },
      async (request) =>
        service.classTopics(deps, requireActor(request), request.params.classId, anonymiseRequested(request)),
    );
  };
}
