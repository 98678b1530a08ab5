import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import {
  examClassesSchema,
  classExamParams,
  examParams,
  examViewSchema,
  saveAnswerBody,
  sittingAnswerSchema,
  sittingParams,
  sittingQuery,
  sittingQuestionParams,
  sittingSchema,
} from '@banksia/contracts/exam-api';
import * as service from './sittings.service';

/**
 * Sitting exams (spec §7 lists start, submit and sitting without their paths; these are ours):
 *
 * - GET  /api/v1/exams/{examId}/ — the exam with sections and questions; solutions for markers, and for students
 *   once they have submitted.
 * - POST /api/v1/classes/{classId}/exams/{examId}/start/ — a student starts or resumes their sitting.
 * - GET  /api/v1/classes/{classId}/exams/{examId}/sitting/[?profile_id=] — a sitting with its answers and time left.
 * - PUT  /api/v1/sittings/{sittingId}/questions/{questionId}/answer/ — autosave one answer, with its version.
 * - POST /api/v1/sittings/{sittingId}/submit/ — submit (idempotent); objective questions are marked at once.
 * - GET  /api/v1/exams/{examId}/classes/ — the actor's classes on the exam's course (the exam pages have no class).
 *
 * Who may do what is decided in the service (sittings.service) from the actor's standing in the class.
 */
export function sittingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['exams'];
    const signedIn = { access: access.signedIn };
    const classExam = '/api/v1/classes/:classId/exams/:examId';
    const sittingQuestion = '/api/v1/sittings/:sittingId/questions/:questionId';

    app.get(
      '/api/v1/exams/:examId/',
      { config: signedIn, schema: { tags, params: examParams, response: { 200: examViewSchema } } },
      async (request) => service.getExam(deps, requireActor(request), request.params.examId),
    );

    app.post(
      `${classExam}/start/`,
      {
        config: signedIn,
        schema: { tags, params: classExamParams, response: { 200: sittingSchema, 201: sittingSchema } },
      },
      async (request, reply) => {
        const { sitting, created } = await service.startSitting(deps, requireActor(request), request.params);
        return reply.status(created ? 201 : 200).send(sitting);
      },
    );

    app.get(
      `${classExam}/sitting/`,
      {
        config: signedIn,
        // null before the student has started: an expected state, not a 404 every question set would log.
        schema: {
          tags,
          params: classExamParams,
          querystring: sittingQuery,
          response: { 200: sittingSchema.nullable() },
        },
      },
      async (request) =>
        service.getSitting(deps, requireActor(request), { ...request.params, profileId: request.query.profile_id }),
    );

    app.put(
      `${sittingQuestion}/answer/`,
      {
        config: signedIn,
        schema: { tags, params: sittingQuestionParams, body: saveAnswerBody, response: { 200: sittingAnswerSchema } },
      },
      async (request) => service.saveAnswer(deps, requireActor(request), request.params, request.body),
    );

    app.post(
      '/api/v1/sittings/:sittingId/submit/',
      { config: signedIn, schema: { tags, params: sittingParams, response: { 200: sittingSchema } } },
      async (request) => service.submitSitting(deps, requireActor(request), request.params.sittingId),
    );

    app.get(
      '/api/v1/exams/:examId/classes/',
      { config: signedIn, schema: { tags, params: examParams, response: { 200: examClassesSchema } } },
      async (request) => service.examClasses(deps, requireActor(request), request.params.examId),
    );
  };
}
