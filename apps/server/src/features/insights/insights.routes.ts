import {
  examInsightsParams,
  examInsightsSchema,
  insightsQuery,
  lessonInsightsParams,
  lessonInsightsSchema,
  questionInsightsParams,
  questionInsightsSchema,
} from '@banksia/contracts/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { anonymiseRequested } from '../../platform/student-names';
import * as service from './insights.service';

/**
 * Teacher insights: lesson engagement and exam insights for a class (issue 6), one endpoint per page. For the class's
 * teachers, its school's admins and staff (403 for students and teachers of other schools); 404 when the lesson or
 * exam is not in the topic. Students are named by the day's pseudonyms with ?anonymise=1 or the anonymiser cookie.
 *
 * - GET /api/v1/classes/{classId}/insights/topics/{topicId}/lessons/{lessonId}/
 * - GET /api/v1/classes/{classId}/insights/topics/{topicId}/exams/{examId}/
 * - GET /api/v1/classes/{classId}/insights/topics/{topicId}/exams/{examId}/questions/{questionId}/
 */
export function insightsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['insights'];
    const signedIn = { access: access.signedIn };
    const base = '/api/v1/classes/:classId/insights/topics/:topicId';

    app.get(
      `${base}/lessons/:lessonId/`,
      {
        config: signedIn,
        schema: {
          tags,
          params: lessonInsightsParams,
          querystring: insightsQuery,
          response: { 200: lessonInsightsSchema },
        },
      },
      async (request) =>
        service.lessonInsights(deps, requireActor(request), {
          ...request.params,
          anonymise: anonymiseRequested(request),
        }),
    );

    app.get(
      `${base}/exams/:examId/`,
      {
        config: signedIn,
        schema: { tags, params: examInsightsParams, querystring: insightsQuery, response: { 200: examInsightsSchema } },
      },
      async (request) =>
        service.examInsights(deps, requireActor(request), {
          ...request.params,
          anonymise: anonymiseRequested(request),
        }),
    );

    app.get(
      `${base}/exams/:examId/questions/:questionId/`,
      {
        config: signedIn,
        schema: {
          tags,
          params: questionInsightsParams,
          querystring: insightsQuery,
          response: { 200: questionInsightsSchema },
        },
      },
      async (request) =>
        service.questionInsights(deps, requireActor(request), {
          ...request.params,
          anonymise: anonymiseRequested(request),
        }),
    );
  };
}
