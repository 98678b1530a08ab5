import { ssoConnectionParams, ssoDiscoverQuery, ssoDiscoverResponse } from '@banksia/contracts/sso';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/authz';
import { mintCsrfToken, setCsrfCookie } from '../../platform/csrf';
import type { AppDeps } from '../../platform/deps';
import { hashToken, revokeSession, sessionCookieName, setSessionCookie } from '../../platform/session';
import { renderPage } from '../../platform/views';
import { finishOidc, startOidc } from './sso-oidc.service';
import { discover, enabledConnection, newBrowserToken, safeNext, SsoRefusal } from './sso-sign-in.service';

/** The cookie binding a sign-in under way to the browser that began it (its hash is stored with the state). */
export const SSO_BROWSER_COOKIE = 'banksia_sso';

const startQuery = z.object({ next: z.string().max(2000).optional(), login_hint: z.string().max(320).optional() });

/** Discovery of how an address signs in, and the OpenID Connect round trip (issue 35). */
export function ssoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sso'];

    app.get(
      '/api/v1/auth/sso/discover/',
      {
        config: { access: access.public },
        schema: {
          summary: 'How an email address signs in',
          tags,
          querystring: ssoDiscoverQuery,
          response: { 200: ssoDiscoverResponse },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return discover(deps, request.query.email);
      },
    );

    app.get(
      '/auth/sso/:connectionId/start/',
      {
        config: { access: access.public },
        // A browser's navigation (a redirect or a page), not a JSON call: not in the API document.
        schema: { hide: true, tags, params: ssoConnectionParams, querystring: startQuery },
      },
      async (request, reply) =>
        refusalPage(request, reply, async () => {
          const connection = await enabledConnection(deps, request.params.connectionId);
          const browser = request.cookies[SSO_BROWSER_COOKIE] ?? newBrowserToken();
          void reply.setCookie(SSO_BROWSER_COOKIE, browser, {
            httpOnly: true,
            sameSite: 'lax',
            secure: deps.config.cookieSecure,
            path: '/auth/sso/',
            maxAge: 600,
          });
          const next = safeNext(request.query.next);
          if (connection.protocol !== 'oidc')
            throw new SsoRefusal('saml_not_ready', 'This sign-in is not available yet.');
          const url = await startOidc(deps, connection, next, browser, request.query.login_hint);
          return reply.redirect(url, 302);
        }),
    );

    app.get(
      '/auth/sso/oidc/callback/',
      { config: { access: access.public }, schema: { hide: true, tags } },
      async (request, reply) =>
        refusalPage(request, reply, async () => {
          const callbackUrl = new URL(request.url, deps.config.publicUrl);
          const result = await finishOidc(deps, callbackUrl, request.cookies[SSO_BROWSER_COOKIE], {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          });
          await openSession(request, reply, result.session);
          request.log.info({ userId: result.userId }, 'signed in with single sign-on');
          return reply.redirect(result.next ?? '/', 302);
        }),
    );
  };

  /** Replaces the browser's session with the new one (a new id: rotated at sign-in) and its CSRF token. */
  async function openSession(
    request: FastifyRequest,
    reply: FastifyReply,
    session: { token: string; hash: string; expiresAt: Date },
  ): Promise<void> {
    const previous = request.cookies[sessionCookieName(deps.config)];
    if (previous) await revokeSession(deps.db, hashToken(previous));
    setSessionCookie(reply, deps.config, session.token, session.expiresAt);
    setCsrfCookie(reply, deps.config, mintCsrfToken(deps.secret, session.hash));
    void reply.clearCookie(SSO_BROWSER_COOKIE, { path: '/auth/sso/' });
  }

  /** Runs a step of a sign-in; a refusal is answered with a page saying why (and nothing linked or created). */
  async function refusalPage(request: FastifyRequest, reply: FastifyReply, step: () => Promise<FastifyReply>) {
    try {
      return await step();
    } catch (err) {
      if (!(err instanceof SsoRefusal)) throw err;
      request.log.warn({ reason: err.reason }, 'single sign-on refused');
      return renderPage(
        request,
        reply,
        deps,
        'error',
        { title: "We couldn't sign you in", page: { message: err.message } },
        err.status,
      );
    }
  }
}
