import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config';
import { bucketBaseUrl } from './s3-storage';

type Directives = Record<string, string[]>;

function origin(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The Content-Security-Policy of every page. Scripts come only from the app's own origin: no inline script and no
 * eval anywhere (the built index.html has none; Excalidraw, MathLive, KaTeX and the charts are bundled and serve their
 * fonts from the app). Other origins appear only when configured: the S3 bucket (files, signed downloads and direct
 * uploads), a CDN in front of it, Sentry's ingest endpoint, and a hosted chat widget's script.
 */
export function cspDirectives(config: Config): Directives {
  const files = config.s3
    ? [
        ...new Set([
          ...origin(bucketBaseUrl(config.s3)),
          ...origin(bucketBaseUrl({ ...config.s3, publicUrl: undefined })),
        ]),
      ]
    : [];
  const sentry = origin(config.sentryDsn);
  const chat = origin(config.chatWidgetUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...chat],
    'script-src-attr': ["'none'"],
    // Mantine writes its theme variables in <style> elements and Excalidraw and the charts set inline styles; styles
    // cannot run code, so allowing them inline is the usual trade (scripts stay strict). Measured without it: 3-5
    // blocked <style> elements on every page, and every page visibly broken (ADR 047).
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the favicon and inline icons, blob: for drawings being exported and previews of files being uploaded.
    'img-src': ["'self'", 'data:', 'blob:', ...files],
    'media-src': ["'self'", 'blob:', ...files],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...files, ...sentry, ...chat],
    // Excalidraw runs its font subsetting in a worker built from a blob.
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...chat],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...files],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
  };
}

/** Helmet's options for the app: the CSP above, HSTS behind HTTPS, no framing, no sniffing. */
function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Only behind HTTPS: a browser that saw HSTS on plain http://localhost would refuse it afterwards.
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Videos and files may come from the bucket's origin; the CSP already says which origins may be embedded.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  };
}

/**
 * The headers helmet sets with the app's options, worked out once. Every directive is a fixed string (no nonces, no
 * per-request values), so helmet gives every answer the same headers: it is run here against a response that only
 * records them. (Helmet's other step, removing X-Powered-By, has nothing to do: Fastify never sets it.)
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  helmet(helmetOptions(config))({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Strict response headers on every answer (helmet's, worked out once at start-up). Not @fastify/helmet: it builds
 * helmet's middleware again for every request, and the objects of that build outlived the young generation, so
 * every minor garbage collection copied megabytes and paused the server for 10-20 ms (ADR 043).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
