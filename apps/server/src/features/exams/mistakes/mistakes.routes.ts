import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import {
  grokBody,
  grokSchema,
  mistakesSchema,
  questionNoteBody,
  questionNoteSchema,
  classExamParams,
  classExamQuestionParams,
} from '@banksia/contracts/exam-api';
import * as service from './mistakes.service';

/**
 * A student's review of their submitted sitting:
 *
 * - GET  /api/v1/classes/{classId}/exams/{examId}/mistakes/ — the student's mistakes, groks and notes.
 * - PUT  /api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/grok/ and …/note/.
 *
 * Who may do what is decided in the service (mistakes.service) from the actor's standing in the class.
 */
export function mistakesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['exams'];
    const signedIn = { access: access.signedIn };
    const classExam = '/api/v1/classes/:classId/exams/:examId';

    app.get(
      `${classExam}/mistakes/`,
      { config: signedIn, schema: { tags, params: classExamParams, response: { 200: mistakesSchema } } },
      async (request) => service.mistakes(deps, requireActor(request), request.params),
    );

    app.put(
      `${classExam}/questions/:questionId/grok/`,
      {
        config: signedIn,
        schema: { tags, params: classExamQuestionParams, body: grokBody, response: { 200: grokSchema } },
      },
      async (request) => service.setGrok(deps, requireActor(request), request.params, request.body),
    );

    app.put(
      `${classExam}/questions/:questionId/note/`,
      {
        config: signedIn,
        schema: {
          tags,
          params: classExamQuestionParams,
          body: questionNoteBody,
          response: { 200: questionNoteSchema },
        },
      },
      async (request) => service.saveNote(deps, requireActor(request), request.params, request.body),
    );
  };
}
