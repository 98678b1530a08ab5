import {
  changePasswordBody,
  loginBody,
  meResponse,
  saveRoleBody,
  sessionResponse,
  setActiveBody,
  setActiveResponse,
  signInHistoryResponse,
  updateProfileBody,
  userIdParams,
  userListItem,
  userListQuery,
  userListResponse,
  userRolesResponse,
} from '@banksia/contracts/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../platform/authz';
import { currentOrNewCsrfToken, mintCsrfToken, setCsrfCookie } from '../../platform/csrf';
import type { AppDeps } from '../../platform/deps';
import { clearSessionCookie, revokeSession, setSessionCookie } from '../../platform/session';
import * as service from './accounts.service';
import { noContent } from '../../platform/openapi';

const csrfResponse = z.object({ csrf_token: z.string() });

/** Sign-in, sign-out, the current user, and staff management of users and roles. */
export function accountsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/csrf/',
      {
        config: { access: access.public },
        schema: { summary: 'Get a CSRF token', tags: ['auth'], response: { 200: csrfResponse } },
      },
      async (request, reply) => {
        const { token, isNew } = currentOrNewCsrfToken(deps.secret, deps.config, request);
        if (isNew) setCsrfCookie(reply, deps.config, token);
        void reply.header('cache-control', 'no-store');
        return { csrf_token: token };
      },
    );

    app.post(
      '/api/v1/auth/login/',
      {
        config: { access: access.public },
        schema: {
          summary: 'Sign in',
          tags: ['auth'],
          body: loginBody,
          response: { 200: meResponse.extend({ csrf_token: z.string() }) },
        },
      },
      async (request, reply) => {
        const { session, me } = await service.login(deps, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        // A sign-in replaces any session the browser had.
        if (request.sessionHash) await revokeSession(deps.db, request.sessionHash);
        setSessionCookie(reply, deps.config, session.token, session.expiresAt);
        const csrf = mintCsrfToken(deps.secret, session.hash);
        setCsrfCookie(reply, deps.config, csrf);
        request.log.info({ userId: me.user.id }, 'signed in');
        return { ...me, csrf_token: csrf };
      },
    );

    app.post(
      '/api/v1/auth/logout/',
      {
        config: { access: access.public },
        schema: { summary: 'Sign out', tags: ['auth'], response: { 200: csrfResponse } },
      },
      async (request, reply) => {
        if (request.sessionHash) await revokeSession(deps.db, request.sessionHash);
        clearSessionCookie(reply, deps.config);
        const csrf = mintCsrfToken(deps.secret, null);
        setCsrfCookie(reply, deps.config, csrf);
        return { csrf_token: csrf };
      },
    );

    // The web app's way to ask "who is signed in?": signed out is an expected answer (null), not a 401 that every
    // signed-out page would log as an error.
    app.get(
      '/api/v1/auth/session/',
      {
        config: { access: access.public },
        schema: { summary: 'Get who is signed in, if anyone', tags: ['auth'], response: { 200: sessionResponse } },
      },
      async (request) => ({ me: request.actor ? await service.loadMe(deps, request.actor.userId) : null }),
    );

    app.get(
      '/api/v1/auth/me/',
      {
        config: { access: access.signedIn },
        schema: { summary: 'Get the signed-in user', tags: ['auth'], response: { 200: meResponse } },
      },
      async (request) => service.loadMe(deps, requireActor(request).userId),
    );

    app.patch(
      '/api/v1/auth/profile/',
      {
        config: { access: access.signedIn },
        schema: {
          summary: "Update the signed-in user's profile",
          tags: ['auth'],
          body: updateProfileBody,
          response: { 200: meResponse },
        },
      },
      async (request) => service.updateProfile(deps, requireActor(request).userId, request.body, request.ip),
    );

    app.post(
      '/api/v1/auth/password/',
      {
        config: { access: access.signedIn },
        schema: {
          summary: 'Change the password',
          response: { 204: noContent },
          tags: ['auth'],
          body: changePasswordBody,
        },
      },
      async (request, reply) => {
        await service.changePassword(deps, requireActor(request).userId, request.sessionHash, request.body, request.ip);
        return reply.status(204).send();
      },
    );

    const staff = { access: access.role('content_admin') };

    app.get(
      '/api/v1/users/',
      { config: staff, schema: { tags: ['users'], querystring: userListQuery, response: { 200: userListResponse } } },
      async (request) => service.listUsers(deps, request.query),
    );

    app.get(
      '/api/v1/users/:userId/',
      { config: staff, schema: { tags: ['users'], params: userIdParams, response: { 200: userListItem } } },
      async (request) => service.getUser(deps, request.params.userId),
    );

    app.get(
      '/api/v1/users/:userId/sign-ins/',
      {
        config: staff,
        schema: { tags: ['users'], params: userIdParams, response: { 200: signInHistoryResponse } },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.signInHistory(deps, request.params.userId);
      },
    );

    app.get(
      '/api/v1/users/:userId/get_roles/',
      {
        config: staff,
        schema: {
          summary: "Get a user's roles",
          tags: ['users'],
          params: userIdParams,
          response: { 200: userRolesResponse },
        },
      },
      async (request) => service.getRoles(deps, request.params.userId),
    );

    app.post(
      '/api/v1/users/:userId/save_role/',
      {
        config: staff,
        schema: {
          summary: "Save a user's role",
          tags: ['users'],
          params: userIdParams,
          body: saveRoleBody,
          response: { 200: userRolesResponse },
        },
      },
      async (request) =>
        service.saveRole(
          deps,
          requireActor(request).userId,
          request.params.userId,
          request.body.role,
          request.body.granted,
          request.ip,
        ),
    );

    app.post(
      '/api/v1/users/:userId/active/',
      {
        config: staff,
        schema: {
          summary: 'Activate or deactivate a user',
          tags: ['users'],
          params: userIdParams,
          body: setActiveBody,
          response: { 200: setActiveResponse },
        },
      },
      async (request) =>
        service.setUserActive(
          deps,
          requireActor(request).userId,
          request.params.userId,
          request.body.is_active,
          request.ip,
        ),
    );
  };
}
