import {
  createSsoConnectionBody,
  ssoConnectionListQuery,
  ssoConnectionListSchema,
  ssoConnectionParams,
  ssoConnectionSchema,
  updateSsoConnectionBody,
} from '@banksia/contracts/sso';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { noContent } from '../../platform/openapi';
import * as service from './sso-admin.service';

/** Staff manage schools' SSO connections (issue 35). */
export function ssoAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/api/v1/admin/sso-connections';
    const tags = ['sso'];
    const config = { access: access.role('content_admin') };

    app.get(
      `${base}/`,
      { config, schema: { tags, querystring: ssoConnectionListQuery, response: { 200: ssoConnectionListSchema } } },
      async (request) => service.listConnections(deps, requireActor(request), request.query.school_id),
    );

    app.post(
      `${base}/`,
      { config, schema: { tags, body: createSsoConnectionBody, response: { 201: ssoConnectionSchema } } },
      async (request, reply) =>
        reply.status(201).send(await service.createConnection(deps, requireActor(request), request.body, request.ip)),
    );

    app.get(
      `${base}/:connectionId/`,
      { config, schema: { tags, params: ssoConnectionParams, response: { 200: ssoConnectionSchema } } },
      async (request) => service.getConnection(deps, requireActor(request), request.params.connectionId),
    );

    app.patch(
      `${base}/:connectionId/`,
      {
        config,
        schema: {
          tags,
          params: ssoConnectionParams,
          body: updateSsoConnectionBody,
          response: { 200: ssoConnectionSchema },
        },
      },
      async (request) =>
        service.updateConnection(deps, requireActor(request), request.params.connectionId, request.body, request.ip),
    );

    app.delete(
      `${base}/:connectionId/`,
      { config, schema: { tags, params: ssoConnectionParams, response: { 204: noContent } } },
      async (request, reply) => {
        await service.deleteConnection(deps, requireActor(request), request.params.connectionId, request.ip);
        return reply.status(204).send();
      },
    );
  };
}
