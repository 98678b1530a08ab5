import { classIdParams } from '@banksia/contracts/classes';
import {
  classChunkParams,
  classCourseProgressResponse,
  classmatesResponse,
  selfAssessmentBody,
  selfAssessmentResponse,
  userCourseProgressResponse,
  watchProgressBody,
  watchProgressResponse,
} from '@banksia/contracts/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import * as service from './progress.service';
import { anonymiseRequested } from '../../platform/student-names';
import { idParam } from '@banksia/contracts/ids';
import { noContent } from '../../platform/openapi';

const userProgressParams = classIdParams.extend({ userId: idParam });

/** Course progress (a student's and the class's), classmates, chunk tracking and lesson self-ratings. */
export function progressRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { access: access.signedIn };

    // api:user-progress-course
    app.get(
      '/api/v1/classes/:classId/users/:userId/progress/',
      {
        config: signedIn,
        schema: { tags: ['progress'], params: userProgressParams, response: { 200: userCourseProgressResponse } },
      },
      async (request) =>
        service.userCourseProgress(deps, requireActor(request), request.params.classId, request.params.userId),
    );

    // api:class-course-progress
    app.get(
      '/api/v1/classes/:classId/progress/',
      {
        config: signedIn,
        schema: { tags: ['progress'], params: classIdParams, response: { 200: classCourseProgressResponse } },
      },
      async (request) => service.classCourseProgress(deps, requireActor(request), request.params.classId),
    );

    app.get(
      '/api/v1/classes/:classId/classmates/',
      {
        config: signedIn,
        schema: { tags: ['progress'], params: classIdParams, response: { 200: classmatesResponse } },
      },
      async (request) =>
        service.listClassmates(deps, requireActor(request), request.params.classId, anonymiseRequested(request)),
    );

    app.post(
      '/api/v1/classes/:classId/chunks/:chunkId/visit/',
      {
        config: signedIn,
        schema: {
          summary: 'Record a visit to a chunk',
          response: { 204: noContent },
          tags: ['progress'],
          params: classChunkParams,
        },
      },
      async (request, reply) => {
        await service.recordVisit(deps, requireActor(request), request.params.classId, request.params.chunkId);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/v1/classes/:classId/chunks/:chunkId/watch/',
      {
        config: signedIn,
        schema: {
          summary: "Record watching a chunk's video",
          tags: ['progress'],
          params: classChunkParams,
          body: watchProgressBody,
          response: { 200: watchProgressResponse },
        },
      },
      async (request) =>
        service.recordWatch(deps, requireActor(request), request.params.classId, request.params.chunkId, request.body),
    );

    // ajax:self-assessment
    app.post(
      '/api/v1/self-assessment/',
      {
        config: signedIn,
        schema: {
          summary: 'Rate how well a lesson was understood',
          tags: ['progress'],
          body: selfAssessmentBody,
          response: { 200: selfAssessmentResponse },
        },
      },
      async (request) => service.setSelfAssessment(deps, requireActor(request), request.body),
    );
  };
}
