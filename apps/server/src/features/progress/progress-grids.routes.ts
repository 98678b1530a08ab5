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
import type { z } from 'zod';
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

/** What every grid's service call takes besides the ids in its address. */
type GridOptions = Omit<Parameters<typeof service.lessonGrid>[2], 'classId' | 'lessonId'>;
type Actor = Parameters<typeof service.lessonGrid>[1];

/** One grid route: its address under the class, its summary, its params, and the service call that builds it. */
interface GridRoute<P extends z.ZodType> {
  path: string;
  summary: string;
  params: P;
  build: (deps: AppDeps, actor: Actor, request: z.infer<P> & GridOptions) => Promise<ProgressGrid>;
}

/** Checks an entry's params against its service call, then files it with the others. */
const route = <P extends z.ZodType>(r: GridRoute<P>) => r as unknown as GridRoute<z.ZodType<object>>;

/** Every grid of a class, each one address: the same access, limits, cache and answer for all. */
const GRIDS = [
  route({
    path: 'exam/:examId/',
    summary: 'Get the progress grid of an exam',
    params: examGridParams,
    build: service.examGrid,
  }),
  route({
    path: 'topic/:topicId/',
    summary: 'Get the progress grid of a topic',
    params: topicGridParams,
    build: service.topicGrid,
  }),
  route({
    path: 'topic/:topicId/exam/:examId/',
    summary: 'Get the progress grid of an exam within a topic',
    params: topicExamGridParams,
    build: service.examGrid,
  }),
  route({
    path: 'lesson/:lessonId/',
    summary: 'Get the progress grid of a lesson',
    params: lessonGridParams,
    build: service.lessonGrid,
  }),
  route({
    path: 'student/:profileId/',
    summary: 'Get the progress grid of a student',
    params: studentGridParams,
    build: service.studentGrid,
  }),
  route({
    path: 'question-set/:examId/',
    summary: 'Get the progress grid of a question set',
    params: examGridParams,
    build: service.questionSetGrid,
  }),
  route({
    path: 'reflective-question-set/:examId/',
    summary: 'Get the progress grid of a reflective question set',
    params: examGridParams,
    build: service.reflectiveGrid,
  }),
  route({
    path: 'question-set/:examId/question/:questionId/',
    summary: 'Get the progress grid of a question in a question set',
    params: questionGridParams,
    build: service.questionGrid,
  }),
];

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

    for (const grid of GRIDS) {
      app.get(
        `${base}/${grid.path}`,
        {
          config,
          schema: { tags, summary: grid.summary, response: gridAnswer, params: grid.params, querystring: gridQuery },
        },
        async (request, reply) => {
          const { actor, anonymise, limits, cache } = who(request, reply);
          const ids = request.params as object;
          return answer(request, reply, cache, await grid.build(deps, actor, { ...ids, anonymise, limits, cache }));
        },
      );
    }
  };
}
