import { anonymiseRequested } from '../../platform/student-names';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import {
  anonymiseQuery,
  classExamStudentParams,
  demoCheckBody,
  demoCheckSchema,
  examClassesSchema,
  grokBody,
  grokSchema,
  mistakesSchema,
  questionNoteBody,
  questionNoteSchema,
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
  examParams,
  examViewSchema,
  extraTimeSchema,
  markAnswerBody,
  saveAnswerBody,
  setExamLockBody,
  setExtraTimeBody,
  sittingAnswerSchema,
  sittingParams,
  sittingQuery,
  sittingQuestionParams,
  sittingSchema,
} from '@banksia/contracts/exam-api';
import * as service from './exams.service';

/**
 * Exams (spec §7 lists start, submit, sitting, mark and the class exam lock without their paths; these are ours):
 *
 * - GET  /api/v1/exams/{examId}/ — the exam with sections and questions; solutions for markers, and for students
 *   once they have submitted.
 * - POST /api/v1/classes/{classId}/exams/{examId}/start/ — a student starts or resumes their sitting.
 * - GET  /api/v1/classes/{classId}/exams/{examId}/sitting/[?profile_id=] — a sitting with its answers and time left.
 * - GET  /api/v1/classes/{classId}/exams/{examId}/sittings/ — the class's students and their sittings (teachers).
 * - PUT  /api/v1/sittings/{sittingId}/questions/{questionId}/answer/ — autosave one answer, with its version.
 * - POST /api/v1/sittings/{sittingId}/submit/ — submit (idempotent); objective questions are marked at once.
 * - PUT  /api/v1/sittings/{sittingId}/questions/{questionId}/mark/ — a teacher's marks and feedback.
 * - POST /api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/accept-alternative/ — accept another answer
 *   to an objective question for everyone; submitted answers are marked again (not those a teacher marked).
 * - GET, POST /api/v1/classes/{classId}/exams/{examId}/lock/ — api:class-exam-lock (OPEN / LOCKED_BY_TEACHER).
 * - PUT  /api/v1/classes/{classId}/students/{profileId}/extra-time/ — a student's extra minutes in the class.
 * - GET  /api/v1/exams/{examId}/classes/ — the actor's classes on the exam's course (the exam pages have no class).
 * - GET  /api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/responses/ — the class's answers to one
 *   question, for marking by question (?anonymise=1 gives the day's pseudonyms, as on …/sittings/).
 * - POST /api/v1/classes/{classId}/exams/{examId}/release/ — release results to the class, or hold them.
 * - POST /api/v1/classes/{classId}/exams/{examId}/students/{profileId}/transcribe/ — a teacher opens a sitting to
 *   enter a student's paper answers (then answers and submits it with the calls above).
 * - GET  /api/v1/classes/{classId}/exams/{examId}/mistakes/ — the student's mistakes, groks and notes.
 * - PUT  /api/v1/classes/{classId}/exams/{examId}/questions/{questionId}/grok/ and …/note/.
 * - GET  /api/v1/demo/question-sets/{examId}/ and POST …/check/ — a demo lesson's question set, signed out;
 *   checking an answer stores nothing.
 *
 * Who may do what is decided in the service from the actor's standing in the class (classes.service).
 */
export function examsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
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
      '/api/v1/exams/:examId/classes/',
      { config: signedIn, schema: { tags, params: examParams, response: { 200: examClassesSchema } } },
      async (request) => service.examClasses(deps, requireActor(request), request.params.examId),
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

    app.post(
      `${classExam}/students/:profileId/transcribe/`,
      {
        config: signedIn,
        schema: {
          summary: "Open a student's sitting to type in their paper answers",
          tags,
          params: classExamStudentParams,
          response: { 200: sittingSchema, 201: sittingSchema },
        },
      },
      async (request, reply) => {
        const { sitting, created } = await service.startTranscription(deps, requireActor(request), request.params);
        return reply.status(created ? 201 : 200).send(sitting);
      },
    );

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
