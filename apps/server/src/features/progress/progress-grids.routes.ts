import {
  examGridParams,
  gridQuery,
  progressGridSchema,
  lessonGridParams,
  questionGridParams,
  studentGridParams,
  topicExamGridParams,
  topicGridParams,
  type ProgressGrid,
} from '@banksia/contracts/progress-grids';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { sendCsv } from '../../platform/csv-download';
import { csvDownload } from '../../platform/openapi';
import { clientGone } from '../../platform/client-gone';
import { QueryGate } from '../../platform/query-gate';
import { anonymiseRequested } from '../../platform/student-names';
import { encodingFor } from '../../platform/compression';
import { GridCache } from './progress-grids.cache';
import * as service from './progress-grids.service';

/**
 * What a grid route answers: the grid as JSON, or with `?format=csv` a CSV download of the same cells (same
 * anonymisation). Declared for the OpenAPI document; the JSON is sent already serialized (below), so this schema does
 * not check each answer again: the service returns the contracts' ProgressGrid type.
 */
const gridAnswer = {
  200: {
    description: 'The grid as JSON, or with `?format=csv` the same cells as a CSV file.',
    content: {
      'application/json': { schema: progressGridSchema },
      'text/csv': csvDownload('').content['text/csv'],
    },
  },
};

/** Answers a grid as JSON, or with `?format=csv` as a CSV download of the same cells (same anonymisation). */
async function answer(request: FastifyRequest, reply: FastifyReply, cache: GridCache, grid: ProgressGrid) {
  void reply.header('cache-control', 'private, no-store');
  if ((request.query as { format?: string }).format !== 'csv') {
    // A grid built before answers its JSON as then encoded, instead of serializing and compressing megabytes again.
    const encoding = encodingFor(request.headers['accept-encoding']);
    const body = cache.body(grid, encoding);
    void reply.header('content-type', 'application/json; charset=utf-8');
    // Serialized here, as fastify would without a schema: the route's schema names two media types for the document.
    if (!body) return reply.send(JSON.stringify(grid));
    void reply.header('vary', 'accept-encoding');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.send(await body);
  }
  const file = service.gridCsvFile(grid);
  return sendCsv(reply, file.fileName, file.body);
}

/** Class progress grids (students × items) and their CSV exports. */
export function progressGridRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: access.signedIn };
    const tags = ['progress-grids'];
    const base = '/api/v1/classes/:classId/progress-grids';
    // One gate per app: the grids of every class share `concurrency` query slots.
    const gate = new QueryGate(deps.config.grids);
    const cache = new GridCache();
    const who = (request: FastifyRequest, reply: FastifyReply) => ({
      actor: requireActor(request),
      anonymise: anonymiseRequested(request),
      limits: { gate, timeoutMs: deps.config.grids.timeoutMs, signal: clientGone(reply) },
      cache,
    });

    app.get(
      `${base}/exam/:examId/`,
      {
        config,
        schema: {
          tags,
          summary: 'Get the progress grid of an exam',
          response: gridAnswer,
          params: examGridParams,
          querystring: gridQuery,
        },
      },
      async (request, reply) => {
        const { actor, anonymise, limits, cache } = who(request, reply);
        const { classId, examId } = request.params;
        return answer(
          request,
          reply,
          cache,
          await service.examGrid(deps, actor, { classId, examId, anonymise, limits, cache }),
        );
      },
    );

    app.get(
      `${base}/topic/:topicId/`,
      {
        config,
        schema: {
          tags,
          summary: 'Get the progress grid of a topic',
          response: gridAnswer,
          params: topicGridParams,
          querystring: gridQuery,
        },
      },
      async (request, reply) => {
        const { actor, anonymise, limits, cache } = who(request, reply);
        const { classId, topicId } = request.params;
        return answer(
          request,
          reply,
          cache,
          await service.topicGrid(deps, actor, { classId, topicId, anonymise, limits, cache }),
        );
      },
    );

    app.get(
      `${base}/topic/:topicId/exam/:examId/`,
      {
        config,
        schema: {
          tags,
          summary: 'Get the progress grid of an exam within a topic',
          response: gridAnswer,
          params: topicExamGridParams,
          querystring: gridQuery,
        },
      },
      async (request, reply) => {
        const { actor, anonymise, limits, cache } = who(request, reply);
        const { classId, topicId, examId } = request.params;
        return answer(
          request,
          reply,
          cache,
          await service.examGrid(deps, actor, { classId, topicId, examId, anonymise, limits, cache }),
        );
      },
    );

    app.get(
      `${base}/lesson/:lessonId/`,
      {
        config,
        schema: {
          tags,
          summary: 'Get the progress grid of a lesson',
          response: gridAnswer,
          params: lessonGridParams,
          querystring: gridQuery,
        },
      },
      async (request, reply) => {
        const { actor, anonymise, limits, cache } = who(request, reply);
        const { classId, lessonId } = request.params;
        return answer(
          request,
          reply,
          cache,
          await service.lessonGrid(deps, actor, { classId, lessonId, anonymise, limits, cache }),
        );
      },
    );

    app.get(
      `${base}/student/:profileId/`,
      {
        config,
        schema: {
          tags,
          summary: 'Get the progress grid of a student',
          response: gridAnswer,
          params: studentGridParams,
          querystring: gridQuery,
        },
      },
      async (request, reply) => {
        const { actor, anonymise, limits, cache } = who(request, reply);
        const { classId, profileId } = request.params;
        return answer(
          request,
          reply,
          cache,
          await service.studentGrid(deps, actor, { classId, profileId, anonymise, limits, cache }),
        );
      },
    );

    app.get(
      `${base}/question-set/:examId/`,
      {
        config,
        schema: {
          tags,
          summary: 'Get the progress grid of a question set',
          response: gridAnswer,
          params: examGridParams,
          querystring: gridQuery,
        },
      },
      async (request, reply) => {
        const { actor, anonymise, limits, cache } = who(request, reply);
        const { classId, examId } = request.params;
        return answer(
          request,
          reply,
          cache,
          await service.questionSetGrid(deps, actor, { classId, examId, anonymise, limits, cache }),
        );
      },
    );

    app.get(
      `${base}/reflective-question-set/:examId/`,
      {
        config,
        schema: {
          tags,
          summary: 'Get the progress grid of a reflective question set',
          response: gridAnswer,
          params: examGridParams,
          querystring: gridQuery,
        },
      },
      async (request, reply) => {
        const { actor, anonymise, limits, cache } = who(request, reply);
        const { classId, examId } = request.params;
        return answer(
          request,
          reply,
          cache,
          await service.reflectiveGrid(deps, actor, { classId, examId, anonymise, limits, cache }),
        );
      },
    );

    app.get(
      `${base}/question-set/:examId/question/:questionId/`,
      {
        config,
        schema: {
          tags,
          summary: 'Get the progress grid of a question in a question set',
          response: gridAnswer,
          params: questionGridParams,
          querystring: gridQuery,
        },
      },
      async (request, reply) => {
        const { actor, anonymise, limits, cache } = who(request, reply);
        const { classId, examId, questionId } = request.params;
        return answer(
          request,
          reply,
          cache,
          await service.questionGrid(deps, actor, { classId, examId, questionId, anonymise, limits, cache }),
        );
      },
    );
  };
}
