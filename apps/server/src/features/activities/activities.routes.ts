import {
  activityDetailSchema,
  activityImageResponseSchema,
  activityListQuery,
  activityListResponse,
  activityResponsesSummarySchema,
  assetUploadFormRequestSchema,
  classResponsesSchema,
  createActivityBody,
  fileUrlResponseSchema,
  MAX_UPLOAD_BYTES,
  uploadFormResponseSchema,
  saveResponseBody,
  updateActivityBody,
  uploadResponseSchema,
  versionedResponseSchema,
} from '@banksia/contracts/activities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import {
  activityParams,
  blockFileParams,
  drawingAssetResponseSchema,
  responseParams,
  responseQuery,
} from './activities.schemas';
import { anonymiseRequested } from '../../platform/student-names';
import { acceptMultipart, readFirstFile, readMultipart } from '../../platform/multipart';
import * as service from './activities.service';
import type { UploadedFile } from './activities.service';
import * as authoring from './activity-authoring.service';
import { noContent } from '../../platform/openapi';

/** Largest response save accepted, in bytes. */
export const RESPONSE_BODY_LIMIT = 8 * 1024 * 1024;

/** Activities (content staff author them), students' responses, and files uploaded into responses (spec §7). */
export function activitiesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to this plugin: only the upload routes read multipart bodies. One file, of at most 30MB.
    await acceptMultipart(app, { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 });
    const base = '/api/v1/activities';
    const tags = ['activities'];
    const staff = access.role('content_admin');

    app.post(
      `${base}/activities/`,
      {
        config: { access: staff },
        schema: { tags, body: createActivityBody, response: { 201: activityDetailSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await authoring.createActivity(deps, requireActor(request), request.body)),
    );

    app.get(
      `${base}/activities/`,
      {
        config: { access: staff },
        schema: { tags, querystring: activityListQuery, response: { 200: activityListResponse } },
      },
      async (request) => authoring.listActivities(deps, request.query.q),
    );

    app.patch(
      `${base}/activities/:activityId/`,
      {
        config: { access: staff },
        schema: { tags, params: activityParams, body: updateActivityBody, response: { 200: activityDetailSchema } },
      },
      async (request) => authoring.updateActivity(deps, requireActor(request), request.params.activityId, request.body),
    );

    app.get(
      `${base}/activities/:activityId/`,
      {
        config: { access: access.signedIn },
        schema: { tags, params: activityParams, response: { 200: activityDetailSchema } },
      },
      async (request) => service.getActivity(deps, request.params.activityId),
    );

    const responsePath = `${base}/activities/:activityId/classes/:classId/response/`;
    app.get(
      responsePath,
      {
        config: { access: access.signedIn },
        schema: {
          tags,
          params: responseParams,
          querystring: responseQuery,
          response: { 200: versionedResponseSchema },
        },
      },
      async (request) =>
        service.getResponse(deps, requireActor(request), { ...request.params, profileId: request.query.profile_id }),
    );

    app.put(
      responsePath,
      {
        // Drawings are saved as SVG with their fonts and images inside, well over Fastify's default 1 MB.
        bodyLimit: RESPONSE_BODY_LIMIT,
        config: { access: access.signedIn },
        schema: { tags, params: responseParams, body: saveResponseBody, response: { 200: versionedResponseSchema } },
      },
      async (request) => service.saveResponse(deps, requireActor(request), request.params, request.body),
    );

    app.get(
      `${base}/activities/:activityId/classes/:classId/responses/`,
      {
        config: { access: access.signedIn },
        schema: { tags, params: responseParams, response: { 200: classResponsesSchema } },
      },
      async (request) =>
        service.classResponses(deps, requireActor(request), {
          ...request.params,
          anonymise: anonymiseRequested(request),
        }),
    );

    app.get(
      `${base}/activities/:activityId/activity_responses/`,
      {
        config: { access: staff },
        schema: { tags, params: activityParams, response: { 200: activityResponsesSummarySchema } },
      },
      async (request) => authoring.responsesSummary(deps, request.params.activityId),
    );

    app.delete(
      `${base}/activities/:activityId/activity_responses/`,
      {
        config: { access: staff },
        schema: {
          summary: "Delete an activity's responses",
          response: { 204: noContent },
          tags,
          params: activityParams,
        },
      },
      async (request, reply) => {
        await service.clearResponses(deps, requireActor(request), request.params.activityId, request.log);
        return reply.status(204).send();
      },
    );

    app.post(
      `${base}/images/`,
      { config: { access: staff }, schema: { tags, response: { 201: activityImageResponseSchema } } },
      async (request, reply) => {
        const actor = requireActor(request);
        const answer = await readFirstFile(request, (file) => authoring.uploadActivityImage(deps, actor, file));
        return reply.status(201).send(answer);
      },
    );

    app.post(
      `${base}/activity_responses/:activityResponseId/block/:blockId/upload-file/`,
      {
        config: { access: access.signedIn },
        schema: {
          summary: 'Upload a file to a block of an activity response',
          tags,
          params: blockFileParams,
          response: { 200: uploadResponseSchema },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        return readFirstFile(request, (file) => service.uploadFile(deps, actor, request.params, file, request.log));
      },
    );

    app.get(
      `${base}/activity_responses/:activityResponseId/block/:blockId/file-url/`,
      {
        config: { access: access.signedIn },
        schema: { tags, params: blockFileParams, response: { 200: fileUrlResponseSchema } },
      },
      async (request) => service.fileUrl(deps, requireActor(request), request.params),
    );

    // Named route api:activities:upload-user-drawing-asset (spec §7): multipart with assetId and file.
    app.post(
      `${base}/drawing-assets/`,
      {
        config: { access: access.signedIn },
        schema: { tags, response: { 201: drawingAssetResponseSchema } },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        let upload: UploadedFile | undefined;
        const { fields } = await readMultipart(request, async (file) => {
          upload = await service.readUploadedFile(file);
          return undefined;
        });
        return reply.status(201).send(await service.uploadDrawingAsset(deps, actor, { fields, upload }));
      },
    );

    app.post(
      '/api/v1/asset_upload_form/',
      {
        config: { access: access.signedIn },
        schema: {
          summary: 'Get a form to upload an asset to storage',
          tags,
          body: assetUploadFormRequestSchema,
          response: { 200: uploadFormResponseSchema },
        },
      },
      async (request) => service.assetUploadForm(deps, requireActor(request), request.body),
    );
  };
}
