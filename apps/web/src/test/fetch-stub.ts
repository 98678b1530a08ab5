import { vi } from 'vitest';

/** A request the app made, as the stub saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer: a status with a JSON body (null for none), or a function of the request for dynamic answers. */
export type Answer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | ((request: SeenRequest) => Response | Promise<Response>);

/** A JSON Response, as the API sends it. */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (body === undefined || status === 204) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

const defaults: Record<string, Answer> = {
  'GET /api/v1/csrf/': { status: 200, body: { csrf_token: 'test-csrf-token' } },
  'GET /api/v1/config/': { status: 200, body: { chat_widget_url: null, sentry_dsn: null, environment: 'test' } },
  'POST /api/v1/analytics/': { status: 204 },
  'POST /api/v1/client-errors/': { status: 204 },
};

/**
 * Replaces fetch with answers keyed by 'METHOD /path/' (or 'METHOD /path/?query' for an exact query).
 * Unlisted requests answer 404 like the API does. Returns every request seen, in order.
 */
export function stubFetch(answers: Record<string, Answer>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const table = { ...defaults, ...answers };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const method = (init.method ?? 'GET').toUpperCase();
      const request: SeenRequest = {
        method,
        path: url.pathname,
        url: `${url.pathname}${url.search}`,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        headers: { ...(init.headers as Record<string, string> | undefined) },
      };
      seen.push(request);
      const answer = table[`${method} ${request.url}`] ?? table[`${method} ${request.path}`];
      if (!answer) return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
      if (typeof answer === 'function') return answer(request);
      return jsonResponse(answer.status, answer.body, answer.headers);
    }),
  );
  return seen;
}

/** The requests other than the CSRF, config, analytics and error-report housekeeping. */
export function apiCalls(seen: readonly SeenRequest[]): SeenRequest[] {
  return seen.filter((r) => !Object.hasOwn(defaults, `${r.method} ${r.path}`));
}
