import {
  addTreeItemBody,
  adminCourseDetailResponse,
  adminCoursesQuery,
  adminCoursesResponse,
  adminLessonResponse,
  adminOverviewResponse,
  courseAttachmentParams,
  courseIdParams,
  courseNodeParams,
  courseSectionParams,
  createCourseBody,
  createCourseResponse,
  deleteNodeQuery,
  lessonIdParams,
  MAX_ATTACHMENT_BYTES,
  reorderChildrenBody,
  slugSchema,
  updateAttachmentBody,
  updateCourseBody,
  updateLessonBody,
  updateSectionBody,
} from '@banksia/contracts/authoring-courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import { acceptMultipart, readFirstFile } from '../../../platform/multipart';
import * as attachments from './attachments.service';
import * as courses from './course-editor.service';
import { courseDetail } from './course-detail.service';
import * as list from './course-list.service';
import { createCourse } from './course-wizard.service';
import * as lessons from './lesson-editor.service';

/** Authoring of courses and lessons, and the staff home's counts: content staff only. */
export function authoringRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to this plugin: only the attachment upload reads a multipart body (a few fields, one PDF).
    await acceptMultipart(app, { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 6, parts: 7 });
    const config = { access: access.role('content_admin') };
    const tags = ['authoring'];
    const base = '/api/v1/admin/courses';

    app.get(
      '/api/v1/admin/overview/',
      { config, schema: { tags, response: { 200: adminOverviewResponse } } },
      async () => list.adminOverview(deps),
    );

    app.get(
      `${base}/`,
      { config, schema: { tags, querystring: adminCoursesQuery, response: { 200: adminCoursesResponse } } },
      async (request) => list.listCourses(deps, request.query),
    );

    app.get(
      `${base}/check-slug/`,
      {
        config,
        schema: {
          tags,
          querystring: z.object({ slug: slugSchema }),
          response: { 200: z.object({ available: z.boolean(), course_title: z.string().nullable() }) },
        },
      },
      async (request) => list.checkSlug(deps, request.query.slug),
    );

    app.post(
      `${base}/`,
      { config, schema: { tags, body: createCourseBody, response: { 201: createCourseResponse } } },
      async (request, reply) =>
        reply.status(201).send(await createCourse(deps, requireActor(request), request.body, request.ip)),
    );

    app.get(
      `${base}/:courseId/`,
      { config, schema: { tags, params: courseIdParams, response: { 200: adminCourseDetailResponse } } },
      async (request) => courseDetail(deps, request.params.courseId),
    );

    app.patch(
      `${base}/:courseId/`,
      {
        config,
        schema: { tags, params: courseIdParams, body: updateCourseBody, response: { 200: adminCourseDetailResponse } },
      },
      async (request) =>
        courses.updateCourse(deps, requireActor(request), request.params.courseId, request.body, request.ip),
    );

    app.put(
      `${base}/:courseId/tree/`,
      {
        config,
        schema: {
          tags,
          params: courseIdParams,
          body: reorderChildrenBody,
          response: { 200: adminCourseDetailResponse },
        },
      },
      async (request) =>
        courses.reorderChildren(deps, requireActor(request), request.params.courseId, request.body, request.ip),
    );

    app.post(
      `${base}/:courseId/sections/`,
      {
        config,
        schema: { tags, params: courseIdParams, body: addTreeItemBody, response: { 201: adminCourseDetailResponse } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await courses.addSection(deps, requireActor(request), request.params.courseId, request.body, request.ip),
          ),
    );

    app.patch(
      `${base}/:courseId/sections/:sectionId/`,
      {
        config,
        schema: {
          tags,
          params: courseSectionParams,
          body: updateSectionBody,
          response: { 200: adminCourseDetailResponse },
        },
      },
      async (request) =>
        courses.updateSection(
          deps,
          requireActor(request),
          request.params.courseId,
          request.params.sectionId,
          request.body,
          request.ip,
        ),
    );

    app.post(
      `${base}/:courseId/lessons/`,
      {
        config,
        schema: { tags, params: courseIdParams, body: addTreeItemBody, response: { 201: adminCourseDetailResponse } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await courses.addLesson(deps, requireActor(request), request.params.courseId, request.body, request.ip),
          ),
    );

    // Multipart: version, title, additional_materials, is_premium, parent_node_id (optional), then file (a PDF).
    app.post(
      `${base}/:courseId/attachments/`,
      { config, schema: { tags, params: courseIdParams, response: { 201: adminCourseDetailResponse } } },
      async (request, reply) => {
        const actor = requireActor(request);
        // The file comes last; it is read while the stream is open.
        const result = await readFirstFile(request, (file, fields) =>
          attachments.uploadAttachment(deps, actor, request.params.courseId, { fields, file }, request.ip, request.log),
        );
        return reply.status(201).send(result);
      },
    );

    app.patch(
      `${base}/:courseId/attachments/:attachmentId/`,
      {
        config,
        schema: {
          tags,
          params: courseAttachmentParams,
          body: updateAttachmentBody,
          response: { 200: adminCourseDetailResponse },
        },
      },
      async (request) =>
        attachments.updateAttachment(
          deps,
          requireActor(request),
          request.params.courseId,
          request.params.attachmentId,
          request.body,
          request.ip,
        ),
    );

    app.delete(
      `${base}/:courseId/nodes/:nodeId/`,
      {
        config,
        schema: {
          tags,
          params: courseNodeParams,
          querystring: deleteNodeQuery,
          response: { 200: adminCourseDetailResponse },
        },
      },
      async (request) =>
        courses.deleteNode(
          deps,
          requireActor(request),
          request.params.courseId,
          request.params.nodeId,
          request.query.version,
          request.ip,
        ),
    );

    app.get(
      '/api/v1/admin/lessons/:lessonId/',
      { config, schema: { tags, params: lessonIdParams, response: { 200: adminLessonResponse } } },
      async (request) => lessons.adminLesson(deps, request.params.lessonId),
    );

    app.patch(
      '/api/v1/admin/lessons/:lessonId/',
      {
        config,
        schema: { tags, params: lessonIdParams, body: updateLessonBody, response: { 200: adminLessonResponse } },
      },
      async (request) =>
        lessons.updateLesson(deps, requireActor(request), request.params.lessonId, request.body, request.ip),
    );
  };
}
