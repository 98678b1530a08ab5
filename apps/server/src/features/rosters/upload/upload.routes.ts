import {
  rosterDatasetListQuery,
  rosterDatasetListResponse,
  rosterDatasetParams,
  rosterDatasetSchema,
  rosterSourcesResponse,
} from '@banksia/contracts/rosters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../../platform/authz';
import { sendCsv } from '../../../platform/csv-download';
import type { AppDeps } from '../../../platform/deps';
import { csvDownload } from '../../../platform/openapi';
import { productTemplateCsv, ROSTER_MAX_UPLOAD_BYTES } from '../parsers/index';
import { ROSTERS_API, rostersAccess, tags } from '../rosters.access';
import { readRosterForm, uploadTooLarge } from './upload-form';
import { presentSources } from './upload.presenter';
import * as service from './upload.service';

/** The sources and template, uploading files into a dataset, and reading datasets. */
export function uploadRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const config = rostersAccess;
    const base = ROSTERS_API;

    app.get(`${base}/sources/`, { config, schema: { tags, response: { 200: rosterSourcesResponse } } }, async () =>
      presentSources(service.registeredSources(), `${base}/template.csv`),
    );

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
      async (_request, reply) => sendCsv(reply, 'banksia-roster-template.csv', `${productTemplateCsv()}\r\n`),
    );

    app.post(
      `${base}/datasets/`,
      {
        config,
        schema: { tags, response: { 200: rosterDatasetSchema, 201: rosterDatasetSchema } },
        // A body over the limit is refused from its Content-Length, before a byte of it is read.
        onRequest: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > ROSTER_MAX_UPLOAD_BYTES + 64 * 1024) throw uploadTooLarge();
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        const result = await service.receiveUpload(deps, actor, (dir) => readRosterForm(request, dir), request.ip);
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
  };
}
