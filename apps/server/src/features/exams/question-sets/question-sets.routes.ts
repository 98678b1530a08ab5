import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import { demoCheckBody, demoCheckSchema, examParams, examViewSchema } from '@banksia/contracts/exam-api';
import * as service from './question-sets.service';

/**
 * Demo lessons' question sets, signed out:
 *
 * - GET  /api/v1/demo/question-sets/{examId}/ and POST …/check/ — a demo lesson's question set, signed out;
 *   checking an answer stores nothing.
 */
export function questionSetsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['exams'];

    app.get(
      '/api/v1/demo/question-sets/:examId/',
      { config: { access: access.public }, schema: { tags, params: examParams, response: { 200: examViewSchema } } },
      async (request) => service.demoQuestionSet(deps, request.params.examId),
    );

    app.post(
      '/api/v1/demo/question-sets/:examId/check/',
      {
        config: { access: access.public },
        schema: { tags, params: examParams, body: demoCheckBody, response: { 200: demoCheckSchema } },
      },
      async (request) => service.demoCheck(deps, request.params.examId, request.body),
    );
  };
}
