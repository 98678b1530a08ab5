import { anonymiseRequested } from '../../../platform/student-names';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import {
  anonymiseQuery,
  questionResponsesSchema,
  releaseResultsBody,
  releaseResultsSchema,
  acceptAlternativeBody,
  acceptAlternativeResultSchema,
  classExamParams,
  classExamQuestionParams,
  classSittingsSchema,
  classStudentParams,
  examLockSchema,
  extraTimeSchema,
  markAnswerBody,
  setExamLockBody,
  setExtraTimeBody,
  sittingAnswerSchema,
  sittingQuestionParams,
} from '@banksia/contracts/exam-api';
import * as service from './marking.service';

/**
 * Marking exams and a class's control of them (spec §7 lists mark and the class exam lock without their
 * paths; these are ours):
 *
 * - GET  /api/v1/classes/{classId}/exams/{examId}/sittings/ — the class's students and their sittings (teachers).
 * - PUT  /api/v1/sittings/{sittingId}/questions/{questionId}/mark/ — a teacher's marks and feedback.
 * - POST /api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/accept-alternative/ — accept another answer
 *   to an objective question for everyone; submitted answers are marked again (not those a teacher marked).
 * - GET, POST /api/v1/classes/{classId}/exams/{examId}/lock/ — api:class-exam-lock (OPEN / LOCKED_BY_TEACHER).
 * - PUT  /api/v1/classes/{classId}/students/{profileId}/extra-time/ — a student's extra minutes in the class.
 * - GET  /api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/responses/ — the class's answers to one
 *   question, for marking by question (?anonymise=1 gives the day's pseudonyms, as on …/sittings/).
 * - POST /api/v1/classes/{classId}/exams/{examId}/release/ — release results to the class, or hold them.
 *
 * Who may do what is decided in the service (marking.service) from the actor's standing in the class.
 */
export function markingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['exams'];
    const signedIn = { access: access.signedIn };
    const classExam = '/api/v1/classes/:classId/exams/:examId';
    const sittingQuestion = '/api/v1/sittings/:sittingId/questions/:questionId';

    app.get(
      `${classExam}/sittings/`,
      {
        config: signedIn,
        schema: { tags, params: classExamParams, querystring: anonymiseQuery, response: { 200: classSittingsSchema } },
      },
      async (request) =>
        service.classSittings(deps, requireActor(request), {
          ...request.params,
          anonymise: anonymiseRequested(request),
        }),
    );

    app.put(
      `${sittingQuestion}/mark/`,
      {
        config: signedIn,
        schema: { tags, params: sittingQuestionParams, body: markAnswerBody, response: { 200: sittingAnswerSchema } },
      },
      async (request) => service.markAnswer(deps, requireActor(request), request.params, request.body),
    );

    app.post(
      `${classExam}/questions/:questionId/accept-alternative/`,
      {
        config: signedIn,
        schema: {
          tags,
          params: classExamQuestionParams,
          body: acceptAlternativeBody,
          response: { 200: acceptAlternativeResultSchema },
        },
      },
      async (request) => service.acceptAlternative(deps, requireActor(request), request.params, request.body),
    );

    app.get(
      `${classExam}/lock/`,
      { config: signedIn, schema: { tags, params: classExamParams, response: { 200: examLockSchema } } },
      async (request) => service.getLock(deps, requireActor(request), request.params),
    );

    app.post(
      `${classExam}/lock/`,
      {
        config: signedIn,
        schema: { tags, params: classExamParams, body: setExamLockBody, response: { 200: examLockSchema } },
      },
      async (request) => service.setLock(deps, requireActor(request), request.params, request.body, request.ip),
    );

    app.put(
      '/api/v1/classes/:classId/students/:profileId/extra-time/',
      {
        config: signedIn,
        schema: { tags, params: classStudentParams, body: setExtraTimeBody, response: { 200: extraTimeSchema } },
      },
      async (request) => service.setExtraTime(deps, requireActor(request), request.params, request.body),
    );

    app.get(
      `${classExam}/questions/:questionId/responses/`,
      {
        config: signedIn,
        schema: {
          tags,
          params: classExamQuestionParams,
          querystring: anonymiseQuery,
          response: { 200: questionResponsesSchema },
        },
      },
      async (request) =>
        service.questionResponses(deps, requireActor(request), {
          ...request.params,
          anonymise: anonymiseRequested(request),
        }),
    );

    app.post(
      `${classExam}/release/`,
      {
        config: signedIn,
        schema: { tags, params: classExamParams, body: releaseResultsBody, response: { 200: releaseResultsSchema } },
      },
      async (request) => service.releaseResults(deps, requireActor(request), request.params, request.body),
    );
  };
}
