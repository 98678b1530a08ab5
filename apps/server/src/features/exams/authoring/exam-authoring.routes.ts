import {
  authoringOptionsSchema,
  createExamBody,
  examAuthoringSchema,
  examListQuery,
  examListResponse,
  examParams,
  publishExamBody,
  saveExamBody,
} from '@banksia/contracts/exam-authoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../../platform/authz';
import type { AppDeps } from '../../../platform/deps';
import * as service from './exam-authoring.service';

/**
 * Authoring exams and question sets, for content staff only (docs/exam-authoring.md):
 *
 * - GET  /api/v1/admin/exams/[?q=&course_id=&kind=&published=] — the list, newest first (at most 100).
 * - GET  /api/v1/admin/exams/options/ — courses with the topics and lessons an exam can be placed under.
 * - POST /api/v1/admin/exams/ — a new unpublished exam (the details of create/1/).
 * - GET  /api/v1/admin/exams/{examId}/ — the exam with its answer keys and its revision.
 * - PUT  /api/v1/admin/exams/{examId}/ — save details, sections and questions (409 on a stale revision; structural
 *   changes refused once there are sittings).
 * - POST /api/v1/admin/exams/{examId}/publish/ — publish or unpublish.
 */
export function examAuthoringRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const staff = { access: access.role('content_admin') };
    const tags = ['admin'];
    const base = '/api/v1/admin/exams';

    app.get(
      `${base}/`,
      { config: staff, schema: { tags, querystring: examListQuery, response: { 200: examListResponse } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.listExams(deps, request.query);
      },
    );

    app.get(
      `${base}/options/`,
      { config: staff, schema: { tags, response: { 200: authoringOptionsSchema } } },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.authoringOptions(deps);
      },
    );

    app.post(
      `${base}/`,
      { config: staff, schema: { tags, body: createExamBody, response: { 201: examAuthoringSchema } } },
      async (request, reply) =>
        reply.status(201).send(await service.createExam(deps, requireActor(request), request.body)),
    );

    app.get(
      `${base}/:examId/`,
      { config: staff, schema: { tags, params: examParams, response: { 200: examAuthoringSchema } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.getForAuthoring(deps, request.params.examId);
      },
    );

    app.put(
      `${base}/:examId/`,
      {
        config: staff,
        bodyLimit: 4 * 1024 * 1024,
        schema: { tags, params: examParams, body: saveExamBody, response: { 200: examAuthoringSchema } },
      },
      async (request) => service.saveExam(deps, requireActor(request), request.params.examId, request.body),
    );

    app.post(
      `${base}/:examId/publish/`,
      {
        config: staff,
        schema: { tags, params: examParams, body: publishExamBody, response: { 200: examAuthoringSchema } },
      },
      async (request) => service.publishExam(deps, requireActor(request), request.params.examId, request.body),
    );
  };
}
