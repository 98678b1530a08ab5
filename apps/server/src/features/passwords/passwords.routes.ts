import { userIdParams } from '@banksia/contracts/accounts';
import {
  passwordResetBody,
  passwordResetResponse,
  passwordTokenInfo,
  passwordTokenParams,
  resendInvitationResponse,
  setPasswordBody,
  setPasswordResponse,
} from '@banksia/contracts/passwords';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireActor } from '../../platform/authz';
import { mintCsrfToken, setCsrfCookie } from '../../platform/csrf';
import type { AppDeps } from '../../platform/deps';
import { revokeSession, setSessionCookie } from '../../platform/session';
import * as service from './passwords.service';

/** Set-password links: "Forgot password?", opening and using a link, and admins re-sending an invitation. */
export function passwordsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];

    app.post(
      '/api/v1/auth/password-reset/',
      {
        config: { access: access.public },
        schema: {
          summary: 'Ask for a password reset email',
          tags,
          body: passwordResetBody,
          response: { 200: passwordResetResponse },
        },
      },
      async (request) => service.requestPasswordReset(deps, request.body.email, request.ip),
    );

    app.get(
      '/api/v1/auth/password-token/:token/',
      {
        config: { access: access.public },
        schema: {
          summary: 'Check a set-password link',
          tags,
          params: passwordTokenParams,
          response: { 200: passwordTokenInfo },
        },
      },
      async (request, reply) => {
        // The token is in the path: keep the answer out of shared caches.
        void reply.header('cache-control', 'no-store');
        return service.describeToken(deps, request.params.token, request.ip);
      },
    );

    app.post(
      '/api/v1/auth/password-token/:token/',
      {
        config: { access: access.public },
        schema: {
          summary: 'Set a password with a set-password link',
          tags,
          params: passwordTokenParams,
          body: setPasswordBody,
          response: { 200: setPasswordResponse },
        },
      },
      async (request, reply) => {
        const { session, me } = await service.usePasswordToken(deps, request.params.token, request.body.new_password, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        // As at sign-in: the new session replaces any the browser had.
        if (request.sessionHash) await revokeSession(deps.db, request.sessionHash);
        setSessionCookie(reply, deps.config, session.token, session.expiresAt);
        const csrf = mintCsrfToken(deps.secret, session.hash);
        setCsrfCookie(reply, deps.config, csrf);
        void reply.header('cache-control', 'no-store');
        request.log.info({ userId: me.user.id }, 'password set by link; signed in');
        return { ...me, csrf_token: csrf };
      },
    );

    app.post(
      '/api/v1/users/:userId/resend-invitation/',
      {
        config: { access: access.role('content_admin', 'school_admin') },
        schema: { tags: ['users'], params: userIdParams, response: { 200: resendInvitationResponse } },
      },
      async (request) => service.resendInvitation(deps, requireActor(request), request.params.userId, request.ip),
    );
  };
}
