import {
  classTaskOptionsParams,
  createTaskBody,
  listTasksQuery,
  taskAnonymiseQuery,
  taskDetailSchema,
  taskInsightsSchema,
  taskItemDetailSchema,
  taskItemParams,
  taskListSchema,
  taskOptionsSchema,
  taskParams,
  taskQuestionInsightsSchema,
  taskQuestionParams,
  updateTaskBody,
} from '@banksia/contracts/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { anonymiseRequested } from '../../platform/student-names';
import * as service from './tasks.service';
import { noContent } from '../../platform/openapi';

/**
 * Tasks a teacher sets a class, and students' progress through them (paths and shapes: contracts/tasks.ts).
 *
 * - GET, POST /api/v1/tasks/ — list (teacher: classes taught; student: own classes; ?class_id=) and create.
 * - GET, PATCH, DELETE /api/v1/tasks/{taskId}/ — one task; change or delete it (the class's teachers).
 * - GET /api/v1/classes/{classId}/task-options/ — what may go in a task for the class (the class's teachers).
 * - GET /api/v1/tasks/{taskId}/items/{taskItemId}/ — one item: who has done it, or the student's status.
 * - GET /api/v1/tasks/{taskId}/insights/ and …/insights/{questionId}/ — completion, results and answers (teachers).
 *
 * Who may do what is decided in the service from the actor's standing in the task's class; anyone outside the class
 * gets a 404 for a task (a teacher of another school never learns it exists).
 */
export function tasksRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['tasks'];
    const signedIn = { access: access.signedIn };

    app.get(
      '/api/v1/tasks/',
      { config: signedIn, schema: { tags, querystring: listTasksQuery, response: { 200: taskListSchema } } },
      async (request) => service.listTasks(deps, requireActor(request), request.query.class_id),
    );

    app.post(
      '/api/v1/tasks/',
      {
        config: signedIn,
        schema: { tags, querystring: taskAnonymiseQuery, body: createTaskBody, response: { 201: taskDetailSchema } },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        const taskId = await service.createTask(deps, actor, request.body);
        return reply.status(201).send(await service.getTask(deps, actor, taskId, anonymiseRequested(request)));
      },
    );

    app.get(
      '/api/v1/tasks/:taskId/',
      {
        config: signedIn,
        schema: { tags, params: taskParams, querystring: taskAnonymiseQuery, response: { 200: taskDetailSchema } },
      },
      async (request) =>
        service.getTask(deps, requireActor(request), request.params.taskId, anonymiseRequested(request)),
    );

    app.patch(
      '/api/v1/tasks/:taskId/',
      {
        config: signedIn,
        schema: {
          tags,
          params: taskParams,
          querystring: taskAnonymiseQuery,
          body: updateTaskBody,
          response: { 200: taskDetailSchema },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        await service.updateTask(deps, actor, request.params.taskId, request.body);
        return service.getTask(deps, actor, request.params.taskId, anonymiseRequested(request));
      },
    );

    app.delete(
      '/api/v1/tasks/:taskId/',
      { config: signedIn, schema: { response: { 204: noContent }, tags, params: taskParams } },
      async (request, reply) => {
        await service.deleteTask(deps, requireActor(request), request.params.taskId);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/v1/classes/:classId/task-options/',
      { config: signedIn, schema: { tags, params: classTaskOptionsParams, response: { 200: taskOptionsSchema } } },
      async (request) => service.taskOptions(deps, requireActor(request), request.params.classId),
    );

    app.get(
      '/api/v1/tasks/:taskId/items/:taskItemId/',
      {
        config: signedIn,
        schema: {
          tags,
          params: taskItemParams,
          querystring: taskAnonymiseQuery,
          response: { 200: taskItemDetailSchema },
        },
      },
      async (request) =>
        service.getTaskItem(
          deps,
          requireActor(request),
          request.params.taskId,
          request.params.taskItemId,
          anonymiseRequested(request),
        ),
    );

    app.get(
      '/api/v1/tasks/:taskId/insights/',
      { config: signedIn, schema: { tags, params: taskParams, response: { 200: taskInsightsSchema } } },
      async (request) => service.taskInsights(deps, requireActor(request), request.params.taskId),
    );

    app.get(
      '/api/v1/tasks/:taskId/insights/:questionId/',
      {
        config: signedIn,
        schema: {
          tags,
          params: taskQuestionParams,
          querystring: taskAnonymiseQuery,
          response: { 200: taskQuestionInsightsSchema },
        },
      },
      async (request) =>
        service.taskQuestionInsights(
          deps,
          requireActor(request),
          request.params.taskId,
          request.params.questionId,
          anonymiseRequested(request),
        ),
    );
  };
}
