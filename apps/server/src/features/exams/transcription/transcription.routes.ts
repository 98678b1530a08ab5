import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import { classExamStudentParams, sittingSchema } from '@banksia/contracts/exam-api';
import * as service from './transcription.service';

/**
 * Transcribing a student's paper answers:
 *
 * - POST /api/v1/classes/{classId}/exams/{examId}/students/{profileId}/transcribe/ — a teacher opens a sitting to
 *   enter a student's paper answers (then answers and submits it with the calls above).
 *
 * Who may do what is decided in the service (transcription.service) from the actor's standing in the class.
 */
export function transcriptionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['exams'];
    const signedIn = { access: access.signedIn };
    const classExam = '/api/v1/classes/:classId/exams/:examId';

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
  };
}
