import { classIdParams } from '@banksia/contracts/classes';
import {
  branchForSelectQuery,
  branchForSelectResponse,
  classAssemblageResponse,
  courseBranchOptionsResponse,
  courseOptionsResponse,
  courseSchema,
  myCoursesResponse,
  presitreeAssemblageResponse,
} from '@banksia/contracts/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import { presentCourse } from '../courses.presenter';
import { presentCourseBranchOption, presentCourseOption, presentMyCourses } from './catalogue.presenter';
import * as service from './catalogue.service';
import { idParam } from '@banksia/contracts/ids';

const courseIdParams = z.object({ courseId: idParam });

/** Course catalogue, course structure (presitree and class assemblage) and selectors. */
export function catalogueRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { access: access.signedIn };

    app.get(
      '/api/v1/presitree/:courseId/assemblage/',
      {
        config: signedIn,
        schema: { tags: ['courses'], params: courseIdParams, response: { 200: presitreeAssemblageResponse } },
      },
      async (request) => service.presitreeAssemblage(deps, requireActor(request), request.params.courseId),
    );

    // api:course-assemblage
    app.get(
      '/api/v1/classes/:classId/assemblage/',
      {
        config: signedIn,
        schema: { tags: ['courses'], params: classIdParams, response: { 200: classAssemblageResponse } },
      },
      async (request) => service.classAssemblage(deps, requireActor(request), request.params.classId),
    );

    app.get(
      '/api/v1/courses/',
      { config: signedIn, schema: { tags: ['courses'], response: { 200: z.array(courseSchema) } } },
      async (request) => (await service.visibleCourses(deps, requireActor(request))).map(presentCourse),
    );

    app.get(
      '/api/v1/courses/mine/',
      {
        config: signedIn,
        schema: {
          summary: "List the signed-in user's courses",
          tags: ['courses'],
          response: { 200: myCoursesResponse },
        },
      },
      async (request) => presentMyCourses(await service.coursesOfMyClasses(deps, requireActor(request))),
    );

    app.get(
      '/api/v1/courses/options/',
      { config: signedIn, schema: { tags: ['courses'], response: { 200: courseOptionsResponse } } },
      async (request) => (await service.visibleCourses(deps, requireActor(request))).map(presentCourseOption),
    );

    app.get(
      '/api/v1/branch/for_select/',
      {
        config: signedIn,
        schema: {
          summary: 'List subjects, courses, topics or lessons to choose from',
          tags: ['courses'],
          querystring: branchForSelectQuery,
          response: { 200: branchForSelectResponse },
        },
      },
      async (request) => service.branchOptions(deps, requireActor(request), request.query),
    );

    // api:branch-for-select-courses (the web app sends type=course).
    app.get(
      '/api/v1/branch/for_select/courses/',
      {
        config: signedIn,
        schema: {
          summary: 'List courses to choose from',
          tags: ['courses'],
          querystring: z.object({ type: z.literal('course').optional() }),
          response: { 200: courseBranchOptionsResponse },
        },
      },
      async (request) => (await service.visibleCourses(deps, requireActor(request))).map(presentCourseBranchOption),
    );
  };
}
