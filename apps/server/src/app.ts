import { rosterPages, rostersRoutes } from './features/rosters/index';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import pino from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { configureZodMessages } from '@banksia/contracts/zod-config';
import { accountsRoutes } from './features/accounts/index';
import { activitiesRoutes } from './features/activities/index';
import { analyticsRoutes } from './features/analytics/index';
import { classesRoutes } from './features/classes/index';
import { videosRoutes } from './features/videos/index';
import { coursesRoutes } from './features/courses/index';
import { examsRoutes } from './features/exams/index';
import { notesRoutes } from './features/notes/index';
import { progressGridRoutes, progressRoutes } from './features/progress/index';
import { insightsRoutes } from './features/insights/index';
import { jobsRoutes } from './features/jobs/index';
import { outboxRoutes } from './features/outbox/index';
import { passwordsRoutes } from './features/passwords/index';
import { reviewRoutes } from './features/review/index';
import { tasksRoutes } from './features/tasks/index';
import { schoolsRoutes } from './features/schools/index';
import { studentDataRoutes } from './features/student-data/index';
import { supportRoutes } from './features/support/index';
import { staffReportsRoutes } from './features/staff-reports/index';
import {
  paymentsCheckoutRoutes,
  testProviderPages,
  productsRoutes,
  reportsRoutes as paymentReportsRoutes,
  refundRunsRoutes,
} from './features/payments/index';
import { secretAdminRoutes } from './features/secret-admin/index';
import { trialsRoutes } from './features/trials/index';
import { welcomeEmailsRoutes } from './features/welcome-emails/index';
import { ssoAdminRoutes, ssoRoutes } from './features/sso/index';
import { registerAccessControl } from './platform/authz';
import { registerCsrf } from './platform/csrf';
import { registerIdempotency } from './platform/idempotency';
import { compressBody, encodingFor } from './platform/compression';
import { loadPageRenderer, SERVER_RENDERED_PAGE } from './platform/page-render';
import type { AppDeps } from './platform/deps';
import { Jobs } from './platform/jobs';
import { jobDefinitions } from './jobs';
import { errorBody, registerErrorHandler } from './platform/errors';
import { POST_UPLOAD_URL, presignedPostRoutes } from './platform/presigned-post';
import { registerProbes } from './platform/probes';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerMetrics } from './platform/metrics';
import { registerOpenApi } from './platform/openapi';
import { registerSessions, sessionCookieName } from './platform/session';
import { registerTextGuard } from './platform/text-guard';
import { registerViews } from './platform/views';
import { registerSignedMedia, SIGNED_MEDIA_PREFIX } from './platform/signed-media';
import { isValidStorageKey, localStorageFor, MEDIA_PREFIX } from './platform/storage';
import { PUBLIC_CACHE_CONTROL } from './platform/storage-rules';

configureZodMessages();

export interface BuildOptions {
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
}

/** What buildApp needs: AppDeps, where `jobs` may be left out (tests): it is then an enqueue-only `Jobs` on `db`'s pool. */
export type BuildDeps = Omit<AppDeps, 'jobs'> & { jobs?: Jobs };

/** Builds the HTTP app: plugins, then features, then the error and not-found handlers. Tests import this. */
export async function buildApp(input: BuildDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const deps: AppDeps = {
    ...input,
    jobs:
      input.jobs ??
      new Jobs({
        pool: (input.db as unknown as { $client: Pool }).$client,
        definitions: jobDefinitions,
        log: options.logger ?? pino({ level: 'silent' }),
        workers: 0,
      }),
  };
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: deps.config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First, so that every route registered after it (plugins included) must carry an access rule.
  registerAccessControl(app);

  registerSecurityHeaders(app, deps.config);
  // Brotli or gzip for every compressible answer (JSON, the grid's above all); files built ahead (web assets) are sent
  // from their precompressed copies by the static plugin instead. Level 4 brotli: most of the saving for little CPU.
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  // Server-rendered pages (/secret/): eta templates under src/views/.
  await registerViews(app, deps.config);
  await registerOpenApi(app, sessionCookieName(deps.config));

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  registerMetrics(app, deps);
  registerSessions(app, deps);
  registerCsrf(app, deps.secret, deps.config);
  registerIdempotency(app, deps);
  registerTextGuard(app);

  registerProbes(app, deps);

  await app.register(accountsRoutes(deps));
  await app.register(schoolsRoutes(deps));
  await app.register(classesRoutes(deps));
  await app.register(coursesRoutes(deps));
  await app.register(videosRoutes(deps));
  await app.register(progressRoutes(deps));
  await app.register(notesRoutes(deps));
  await app.register(activitiesRoutes(deps));
  await app.register(examsRoutes(deps));
  await app.register(progressGridRoutes(deps));
  await app.register(insightsRoutes(deps));
  await app.register(tasksRoutes(deps));
  await app.register(reviewRoutes(deps));
  await app.register(supportRoutes(deps));
  await app.register(staffReportsRoutes(deps));
  await app.register(trialsRoutes(deps));
  await app.register(productsRoutes(deps));
  await app.register(paymentReportsRoutes(deps));
  await app.register(refundRunsRoutes(deps));
  await app.register(welcomeEmailsRoutes(deps));
  await app.register(analyticsRoutes(deps));
  await app.register(passwordsRoutes(deps));
  await app.register(jobsRoutes(deps));
  await app.register(outboxRoutes(deps));
  await app.register(studentDataRoutes(deps));
  await app.register(rostersRoutes(deps));
  await app.register(secretAdminRoutes(deps));
  await app.register(rosterPages(deps));
  await app.register(paymentsCheckoutRoutes(deps));
  await app.register(testProviderPages(deps));
  await app.register(ssoAdminRoutes(deps));
  await app.register(ssoRoutes(deps));

  // Files on the local disk are served and received by the app itself; with S3 the browser talks to the bucket.
  if (!deps.config.s3) {
    await registerMedia(app, deps);
    registerSignedMedia(app, deps);
    await app.register(presignedPostRoutes(deps));
  }
  await registerWebApp(app, deps.config.webDist, deps.config.renderDeadlineMs, app.log, sessionCookieName(deps.config));
  return app;
}

/**
 * Serves public files on the local disk (videos, captions, attachments) at /media/{key}, with range requests so
 * videos can seek. Public, like the pages that embed them; paths that are not valid storage keys are not found.
 */
async function registerMedia(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(fastifyStatic, {
    root: localStorageFor(deps.config, 'public').root,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    acceptRanges: true,
    dotfiles: 'deny',
    cacheControl: false,
    allowedPath: (pathName) => isValidStorageKey(pathName.replace(/^\//, '')),
    setHeaders: (res) => {
      res.setHeader('cache-control', PUBLIC_CACHE_CONTROL);
    },
  });
}

/**
 * The preload of who is signed in (GET /api/v1/auth/session/, the web app's own question; not /auth/me/, which the app
 * never asks) sent with a page to a browser holding a session.
 */
export const ME_PRELOAD_LINK = '</api/v1/auth/session/>; rel=preload; as=fetch; crossorigin=anonymous';

/** Hashed build assets never change under their name: cached for a year without revalidating. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app, with index.html for every page path (the router shows not-found itself). Hashed assets
 * are immutable; everything else (index.html, the icons) is revalidated on each visit. Source maps are built (for
 * decoding error reports) but never served.
 */
async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  renderDeadlineMs: number,
  log: FastifyBaseLogger,
  sessionCookie: string,
) {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const serveWeb = !!(webDist && index && existsSync(index));
  // The server render's module (React, the app's routes) is the largest thing the server loads: it loads while the
  // server starts listening, and the first page waits for it if it has not arrived yet (ADR 051).
  const rendererLoading = serveWeb
    ? loadPageRenderer(app, webDist!, log, renderDeadlineMs).catch((err: unknown) => {
        log.error({ err }, 'the server render did not load; pages are sent plain');
        return undefined;
      })
    : Promise.resolve(undefined);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      // The plugin's own Cache-Control would replace the one set below.
      cacheControl: false,
      // `npm run build` writes .br and .gz beside each asset; sent as-is, without compressing on every request.
      preCompressed: true,
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? IMMUTABLE_CACHE_CONTROL : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const isFile = [
      '/api/',
      '/assets/',
      '/excalidraw-assets/',
      '/mathlive-assets/',
      MEDIA_PREFIX,
      SIGNED_MEDIA_PREFIX,
      POST_UPLOAD_URL,
    ].some((prefix) => request.url.startsWith(prefix));
    if (!serveWeb || !isPage || isFile) {
      return reply.status(404).send(errorBody('not_found'));
    }
    const cookie = request.headers.cookie;
    const pathname = request.url.split('?', 1)[0]!;
    const renderer = await rendererLoading;
    if (renderer && cookie && request.cookies[sessionCookie] && SERVER_RENDERED_PAGE.test(pathname)) {
      const html = await renderer.render(request.url, cookie);
      if (html !== null) {
        // Someone's own page, with their data in it: never stored by a cache. Compressed here: the compression plugin
        // works on routes, and this handler is not one.
        const encoding = encodingFor(request.headers['accept-encoding']);
        void reply
          .header('cache-control', 'private, no-store')
          .header('vary', 'accept-encoding')
          .type('text/html; charset=utf-8');
        if (encoding !== 'identity') void reply.header('content-encoding', encoding);
        return reply.send(await compressBody(Buffer.from(html), encoding));
      }
    }
    // An address that is none of the app's pages is answered 404, with the app, which shows its not-found page.
    if (renderer && !(await renderer.isKnownPage(pathname))) void reply.status(404);
    void reply.header('cache-control', 'no-cache');
    // Every signed-in page starts by asking who is signed in; with a session cookie the browser is told to ask at
    // once, alongside the page's scripts, instead of after they have loaded and run (one round trip off every first
    // page). The app's own fetch of it (same URL, CORS mode, same-origin credentials) takes the preloaded answer.
    if (request.cookies[sessionCookie]) void reply.header('link', ME_PRELOAD_LINK);
    return reply.sendFile('index.html');
  });
}
