import {
  CLASS_LIST_MAX_BYTES,
  classEditBody,
  classIdParams,
  classListBody,
  classListPreviewSchema,
  classListResultSchema,
  classManagementResponse,
  managedClassesQuery,
  managedClassesResponse,
  managedClassSchema,
  schoolIdParams,
  uploaderClassesResponse,
  classStudentParams,
  withdrawStudentResponse,
} from '@banksia/contracts/classes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { applyClassList, previewClassList } from './class-list.service';
import * as service from './class-management.service';

/**
 * The class list travels as JSON text: escaping can double a 1 MB file's size, so the body may be larger than the
 * file limit, which the service checks on the text itself (400 on `csv`).
 */
const CLASS_LIST_BODY_LIMIT = 3 * CLASS_LIST_MAX_BYTES;

/** The class editor (/class-management/my-school/) and the class list uploader (/class-list-uploader/). */
export function classManagementRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { access: access.signedIn };

    // api:class-management — the schools where the user may manage classes, with their teachers.
    app.get(
      '/api/v1/class-management/',
      { config: signedIn, schema: { tags: ['classes'], response: { 200: classManagementResponse } } },
      async (request) => service.managementSchools(deps, requireActor(request)),
    );

    // api:class-management-classes — a school's classes of a year that the user may manage.
    app.get(
      '/api/v1/class-management/schools/:schoolId/classes/',
      {
        config: signedIn,
        schema: {
          tags: ['classes'],
          params: schoolIdParams,
          querystring: managedClassesQuery,
          response: { 200: managedClassesResponse },
        },
      },
      async (request) =>
        service.listManagedClasses(deps, requireActor(request), request.params.schoolId, request.query.year),
    );

    app.post(
      '/api/v1/class-management/schools/:schoolId/classes/',
      {
        config: signedIn,
        schema: {
          tags: ['classes'],
          params: schoolIdParams,
          body: classEditBody,
          response: { 201: managedClassSchema },
        },
      },
      async (request, reply) => {
        const created = await service.createClass(
          deps,
          requireActor(request),
          request.params.schoolId,
          request.body,
          request.ip,
        );
        return reply.status(201).send(created);
      },
    );

    // api:class-management-class
    app.patch(
      '/api/v1/class-management/classes/:classId/',
      {
        config: signedIn,
        schema: {
          tags: ['classes'],
          params: classIdParams,
          body: classEditBody,
          response: { 200: managedClassSchema },
        },
      },
      async (request) =>
        service.updateClass(deps, requireActor(request), request.params.classId, request.body, request.ip),
    );

    // api:class-activation-code — "New link": the old activation link stops working.
    app.post(
      '/api/v1/class-management/classes/:classId/activation-code/',
      {
        config: signedIn,
        schema: {
          summary: 'Make a new activation code for a class',
          tags: ['classes'],
          params: classIdParams,
          response: { 200: managedClassSchema },
        },
      },
      async (request) =>
        service.regenerateActivationCode(deps, requireActor(request), request.params.classId, request.ip),
    );

    // A school admin withdraws a student from a class (REMOVED, work kept; a paid class's fee is credited).
    app.post(
      '/api/v1/class-management/classes/:classId/students/:profileId/withdraw/',
      {
        config: signedIn,
        schema: { tags: ['classes'], params: classStudentParams, response: { 200: withdrawStudentResponse } },
      },
      async (request) =>
        service.withdrawStudent(
          deps,
          requireActor(request),
          request.params.classId,
          request.params.profileId,
          request.ip,
        ),
    );

    // api:class-list-classes — the classes the user may upload a class list to.
    app.get(
      '/api/v1/class-list-uploader/classes/',
      { config: signedIn, schema: { tags: ['classes'], response: { 200: uploaderClassesResponse } } },
      async (request) => service.uploaderClasses(deps, requireActor(request)),
    );

    // api:class-list-preview — what the list would do, row by row; nothing is written.
    app.post(
      '/api/v1/classes/:classId/class-list/preview/',
      {
        config: signedIn,
        bodyLimit: CLASS_LIST_BODY_LIMIT,
        schema: {
          summary: 'Preview adding a class list to a class',
          tags: ['classes'],
          params: classIdParams,
          body: classListBody,
          response: { 200: classListPreviewSchema },
        },
      },
      async (request) => previewClassList(deps, requireActor(request), request.params.classId, request.body.csv),
    );

    // api:class-list-apply — checks the list again and applies it in one transaction.
    app.post(
      '/api/v1/classes/:classId/class-list/apply/',
      {
        config: signedIn,
        bodyLimit: CLASS_LIST_BODY_LIMIT,
        schema: {
          summary: 'Add a class list to a class',
          tags: ['classes'],
          params: classIdParams,
          body: classListBody,
          response: { 200: classListResultSchema },
        },
      },
      async (request) =>
        applyClassList(deps, requireActor(request), request.params.classId, request.body.csv, request.ip),
    );
  };
}
