import fastifyMultipart from '@fastify/multipart';
import {
  rosterApplyResponse,
  rosterDatasetListQuery,
  rosterDatasetListResponse,
  rosterDatasetParams,
  rosterDatasetSchema,
  rosterDecisionParams,
  rosterOverrideBody,
  rosterRollbackResponse,
  rosterSourcesResponse,
  rosterStepParams,
  rosterStepResponse,
} from '@banksia/contracts/rosters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { AppError, readingMultipart } from '../../platform/errors';
import { productTemplateCsv } from './parsers/product';
import { ROSTER_MAX_UPLOAD_BYTES, RosterFileError } from './parsers/types';
import { retryApply } from './rosters.apply';
import * as service from './rosters.service';
import { expandUploads, saveUpload, uploadFolder, type SavedUpload } from './upload-files';
import { csvDownload } from '../../platform/openapi';

/** Roster uploads and the enrolinator: roster and content staff (any school), school admins (their school). */
export function rostersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: ROSTER_MAX_UPLOAD_BYTES, files: 10, fields: 10, parts: 20 },
    });
    const config = { access: access.role('content_admin', 'roster_admin', 'school_admin') };
    const tags = ['rosters'];
    const base = '/api/v1/rosters';

    app.get(`${base}/sources/`, { config, schema: { tags, response: { 200: rosterSourcesResponse } } }, async () => ({
      sources: service.registeredSources(),
      template_url: `${base}/template.csv`,
    }));

    app.get(
      `${base}/template.csv`,
      {
        config,
        schema: {
          tags,
          summary: 'Download the roster template',
          response: { 200: csvDownload('An empty roster with its header row, as a CSV file.') },
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="banksia-roster-template.csv"')
          .send(`\uFEFF${productTemplateCsv()}\r\n`),
    );

    app.post(
      `${base}/datasets/`,
      {
        config,
        schema: { tags, response: { 200: rosterDatasetSchema, 201: rosterDatasetSchema } },
        // A body over the limit is refused from its Content-Length, before a byte of it is read.
        onRequest: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > ROSTER_MAX_UPLOAD_BYTES + 64 * 1024) {
            throw new AppError(
              'payload_too_large',
              `The upload is larger than ${ROSTER_MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
            );
          }
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        if (!request.isMultipart())
          throw new AppError('bad_request', 'Expected a multipart form.', {
            errors: { file: ['Choose a file to upload.'] },
          });
        const fields: Record<string, string> = {};
        const folder = await uploadFolder();
        let result: Awaited<ReturnType<typeof service.uploadDataset>>;
        try {
          const uploads: SavedUpload[] = [];
          const budget = { left: ROSTER_MAX_UPLOAD_BYTES };
          const tooLarge = () =>
            new AppError('payload_too_large', `The upload is larger than ${ROSTER_MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
          await readingMultipart(async () => {
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                if (part.fieldname !== 'file') {
                  await part.toBuffer();
                  continue;
                }
                const name = part.filename.replace(/^.*[\\/]/, '').slice(-200) || 'roster.csv';
                // Streamed to disk as it arrives: an upload is never held in memory whole.
                const saved = await saveUpload(part.file, name, folder.dir, budget).catch((error: unknown) => {
                  const code = (error as { code?: string }).code;
                  if (code === 'FST_REQ_FILE_TOO_LARGE' || error instanceof RosterFileError) throw tooLarge();
                  throw error;
                });
                if (part.file.truncated) throw tooLarge();
                if (saved.size === 0) {
                  throw new AppError('validation_failed', `${part.filename} is empty.`, {
                    errors: { file: [`${part.filename} is empty.`] },
                  });
                }
                uploads.push(saved);
              } else fields[part.fieldname] = String(part.value ?? '');
            }
          });
          let files;
          try {
            files = await expandUploads(uploads, folder.dir);
          } catch (error) {
            if (error instanceof RosterFileError) {
              throw new AppError('validation_failed', error.message, { errors: { [error.field]: [error.message] } });
            }
            throw error;
          }
          result = await service.uploadDataset(
            deps,
            actor,
            {
              source: fields.source,
              schoolId: fields.school_id,
              calendarYear: fields.calendar_year,
              files,
              hashes: uploads.map((u) => ({ name: u.name, sha256: u.sha256 })),
            },
            request.ip,
          );
        } finally {
          // Removed before the answer goes out, so a client never sees the upload's files still on disk.
          await folder.remove();
        }
        return reply.status(result.created ? 201 : 200).send(result.dataset);
      },
    );

    app.get(
      `${base}/datasets/`,
      { config, schema: { tags, querystring: rosterDatasetListQuery, response: { 200: rosterDatasetListResponse } } },
      async (request) => service.listDatasets(deps, requireActor(request), request.query),
    );

    app.get(
      `${base}/datasets/:id/`,
      { config, schema: { tags, params: rosterDatasetParams, response: { 200: rosterDatasetSchema } } },
      async (request) => service.getDataset(deps, requireActor(request), request.params.id),
    );

    app.get(
      `${base}/datasets/:id/:step/`,
      {
        config,
        schema: {
          summary: 'Get a step of a roster dataset',
          tags,
          params: rosterStepParams,
          response: { 200: rosterStepResponse },
        },
      },
      async (request) => service.getStep(deps, requireActor(request), request.params.id, request.params.step),
    );

    app.put(
      `${base}/datasets/:id/:step/:recordId/`,
      {
        config,
        schema: {
          summary: 'Override a record in a step of a roster dataset',
          tags,
          params: rosterDecisionParams,
          body: rosterOverrideBody,
          response: { 200: rosterStepResponse },
        },
      },
      async (request) =>
        service.overrideDecision(
          deps,
          requireActor(request),
          request.params.id,
          request.params.step,
          request.params.recordId,
          request.body,
          request.ip,
        ),
    );

    app.post(
      `${base}/datasets/:id/apply/`,
      {
        config,
        schema: { tags, params: rosterDatasetParams, response: { 200: rosterApplyResponse, 202: rosterApplyResponse } },
      },
      async (request, reply) => {
        const result = await service.requestApply(deps, requireActor(request), request.params.id, request.ip);
        return reply.status(result.status === 'applying' ? 202 : 200).send(result);
      },
    );

    app.post(
      `${base}/datasets/:id/confirm-mapping/`,
      { config, schema: { tags, params: rosterDatasetParams, response: { 200: rosterDatasetSchema } } },
      async (request) => service.confirmMapping(deps, requireActor(request), request.params.id, request.ip),
    );

    app.post(
      `${base}/datasets/:id/approve/`,
      {
        config,
        schema: { tags, params: rosterDatasetParams, response: { 200: rosterApplyResponse, 202: rosterApplyResponse } },
      },
      async (request, reply) => {
        const result = await service.approveDataset(deps, requireActor(request), request.params.id, request.ip);
        return reply.status(result.status === 'applying' ? 202 : 200).send(result);
      },
    );

    app.post(
      `${base}/datasets/:id/retry/`,
      {
        config,
        schema: { tags, params: rosterDatasetParams, response: { 202: rosterApplyResponse } },
      },
      async (request, reply) => {
        const result = await retryApply(deps, requireActor(request), request.params.id, request.ip);
        return reply.status(202).send(result);
      },
    );

    app.post(
      `${base}/datasets/:id/rollback/`,
      { config, schema: { tags, params: rosterDatasetParams, response: { 200: rosterRollbackResponse } } },
      async (request) => service.rollbackDataset(deps, requireActor(request), request.params.id, request.ip),
    );
  };
}
