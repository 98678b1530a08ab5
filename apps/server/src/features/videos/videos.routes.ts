import {
  captionCourseParams,
  captionCoursesResponse,
  captionOrderBody,
  captionOrderResponse,
  captionReviewBody,
  captionReviewCoursesResponse,
  captionReviewQueueResponse,
  captionSubmitBody,
  captionTrackParams,
  captionTrackResponse,
  courseCaptionsResponse,
  saveCaptionsBody,
  startVideoUploadBody,
  updateVideoBody,
  VIDEO_CHUNK_BYTES,
  videoChunkQuery,
  videoIdParams,
  videoResponse,
  videosQuery,
  videosResponse,
  videoPartUrlsBody,
  videoPartUrlsResponse,
  videoUploadParams,
  videoUploadStatus,
} from '@banksia/contracts/videos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import * as captions from './captions.service';
import { completeUpload } from './video-upload-completion.service';
import * as videoUploads from './video-uploads.service';
import * as videos from './videos.service';
import { noContent, textAnswer } from '../../platform/openapi';

/** The video library, resumable video uploads and captions (ADR 034): content staff only. */
export function videosRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to this plugin: a video chunk is sent as raw bytes.
    app.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: VIDEO_CHUNK_BYTES },
      (_request, body, done) => done(null, body),
    );
    const config = { access: access.role('content_admin') };
    const tags = ['videos'];
    const videosBase = '/api/v1/admin/videos';
    const uploads = '/api/v1/admin/video-uploads';

    app.get(
      `${videosBase}/`,
      { config, schema: { tags, querystring: videosQuery, response: { 200: videosResponse } } },
      async (request) => videos.listVideos(deps, request.query.q),
    );

    app.get(
      `${videosBase}/:videoId/`,
      { config, schema: { tags, params: videoIdParams, response: { 200: videoResponse } } },
      async (request) => videos.getVideo(deps, request.params.videoId),
    );

    app.patch(
      `${videosBase}/:videoId/`,
      { config, schema: { tags, params: videoIdParams, body: updateVideoBody, response: { 200: videoResponse } } },
      async (request) =>
        videos.renameVideo(deps, requireActor(request), request.params.videoId, request.body.title, request.ip),
    );

    app.delete(
      `${videosBase}/:videoId/`,
      { config, schema: { tags, params: videoIdParams, response: { 204: noContent } } },
      async (request, reply) => {
        await videos.deleteVideo(deps, requireActor(request), request.params.videoId, request.ip, request.log);
        return reply.status(204).send();
      },
    );

    app.post(
      `${uploads}/`,
      { config, schema: { tags, body: startVideoUploadBody, response: { 201: videoUploadStatus } } },
      async (request, reply) =>
        reply.status(201).send(await videoUploads.startUpload(deps, requireActor(request), request.body)),
    );

    app.get(
      `${uploads}/:uploadId/`,
      { config, schema: { tags, params: videoUploadParams, response: { 200: videoUploadStatus } } },
      async (request) => videoUploads.uploadStatus(deps, requireActor(request), request.params.uploadId, request.log),
    );

    // An upload straight to S3: presigned URLs the browser PUTs parts to (the bytes never pass through the app).
    app.post(
      `${uploads}/:uploadId/parts/`,
      {
        config,
        schema: { tags, params: videoUploadParams, body: videoPartUrlsBody, response: { 200: videoPartUrlsResponse } },
      },
      async (request) =>
        videoUploads.presignParts(deps, requireActor(request), request.params.uploadId, request.body.part_numbers),
    );

    // The chunk's bytes are the body (application/octet-stream), at most VIDEO_CHUNK_BYTES.
    app.put(
      `${uploads}/:uploadId/`,
      {
        config,
        bodyLimit: VIDEO_CHUNK_BYTES,
        schema: { tags, params: videoUploadParams, querystring: videoChunkQuery, response: { 200: videoUploadStatus } },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError('validation_failed', undefined, {
            errors: { body: ['Send the chunk as application/octet-stream.'] },
          });
        }
        return videoUploads.appendChunk(
          deps,
          requireActor(request),
          request.params.uploadId,
          request.query.offset,
          request.body,
        );
      },
    );

    app.post(
      `${uploads}/:uploadId/complete/`,
      { config, schema: { tags, params: videoUploadParams, response: { 201: videoResponse } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await completeUpload(deps, requireActor(request), request.params.uploadId, request.ip, request.log)),
    );

    app.delete(
      `${uploads}/:uploadId/`,
      { config, schema: { tags, params: videoUploadParams, response: { 204: noContent } } },
      async (request, reply) => {
        await videoUploads.cancelUpload(deps, requireActor(request), request.params.uploadId, request.log);
        return reply.status(204).send();
      },
    );

    app.put(
      `${videosBase}/:videoId/captions/`,
      {
        config,
        bodyLimit: 4 * 1024 * 1024,
        schema: { tags, params: videoIdParams, body: saveCaptionsBody, response: { 200: captionTrackResponse } },
      },
      async (request) =>
        captions.saveCaptions(deps, requireActor(request), request.params.videoId, request.body, request.ip),
    );

    app.get(
      '/api/v1/admin/captions/',
      { config, schema: { tags, response: { 200: captionCoursesResponse } } },
      async () => captions.captionCourses(deps),
    );

    app.get(
      '/api/v1/admin/captions/:courseId/',
      { config, schema: { tags, params: captionCourseParams, response: { 200: courseCaptionsResponse } } },
      async (request) => captions.courseCaptions(deps, request.params.courseId),
    );

    app.post(
      '/api/v1/admin/captions/:courseId/orders/',
      {
        config,
        schema: { tags, params: captionCourseParams, body: captionOrderBody, response: { 201: captionOrderResponse } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await captions.orderCaptions(
              deps,
              requireActor(request),
              request.params.courseId,
              request.body,
              request.ip,
            ),
          ),
    );

    app.get(
      '/api/v1/admin/caption-tracks/:trackId/',
      { config, schema: { tags, params: captionTrackParams, response: { 200: captionTrackResponse } } },
      async (request) => captions.getTrack(deps, request.params.trackId),
    );

    // The working copy as a WebVTT file, for a reviewer's <track> (staff only: students get only approved copies).
    app.get(
      '/api/v1/admin/caption-tracks/:trackId/vtt/',
      {
        config,
        schema: {
          tags,
          params: captionTrackParams,
          summary: "Download a caption track's working copy",
          response: { 200: textAnswer('text/vtt', 'The working copy as a WebVTT file.') },
        },
      },
      async (request, reply) => {
        const { track } = await captions.getTrack(deps, request.params.trackId);
        return reply.header('cache-control', 'no-store').type('text/vtt; charset=utf-8').send(track.content);
      },
    );

    app.post(
      '/api/v1/admin/caption-tracks/:trackId/submit/',
      {
        config,
        schema: { tags, params: captionTrackParams, body: captionSubmitBody, response: { 200: captionTrackResponse } },
      },
      async (request) =>
        captions.submitForReview(deps, requireActor(request), request.params.trackId, request.body.version, request.ip),
    );

    app.post(
      '/api/v1/admin/caption-tracks/:trackId/review/',
      {
        config,
        schema: { tags, params: captionTrackParams, body: captionReviewBody, response: { 200: captionTrackResponse } },
      },
      async (request) =>
        captions.reviewCaptions(
          deps,
          requireActor(request),
          request.params.trackId,
          request.body,
          request.ip,
          request.log,
        ),
    );

    app.get(
      '/api/v1/admin/caption-review/',
      { config, schema: { tags, response: { 200: captionReviewCoursesResponse } } },
      async () => captions.reviewCourses(deps),
    );

    app.get(
      '/api/v1/admin/caption-review/:courseId/',
      { config, schema: { tags, params: captionCourseParams, response: { 200: captionReviewQueueResponse } } },
      async (request) => captions.reviewQueue(deps, request.params.courseId),
    );
  };
}
