import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { errorBodySchema } from '@banksia/contracts/error-body';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './authz';

/**
 * The OpenAPI document (served at /api/docs/json, browsed at /api/docs), made from the route schemas. What every
 * operation needs and the routes already say elsewhere is filled in here, once, instead of on each route:
 * - `operationId` from the method and path (getClassesByClassIdProgressGridsExamByExamId), unless the route names one;
 * - `summary` from the method and path (Get an item of a task, Submit a sitting), unless the route writes one;
 * - `security` from the route's access rule and the CSRF check: a signed-in route needs the session cookie, an
 *   unsafe method the X-CSRFToken header (public ones too: sign-in is refused without it), neither for a public GET;
 * - the client errors it can answer, all with the one error body (platform/errors.ts): 400 for a route that takes
 *   input, 401 for a signed-in route, 403 where an access rule, a resource policy or the CSRF check can refuse, 404
 *   for a path naming a resource, and 4XX for the rest (conflicts, gone links, rate limits…).
 * Answers that are not JSON (CSV and zip downloads, caption files, 204s) declare their media type on the route with
 * the helpers below.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** A 204 answer: the route sends no body. */
export const noContent = z.undefined().describe('Done; nothing to answer.');

/** A CSV download (UTF-8 with a byte-order mark, sent as an attachment). */
export function csvDownload(description: string) {
  return { description, content: { 'text/csv': { schema: z.string().describe('CSV text, UTF-8 with a BOM.') } } };
}

/** A text file of another type (captions as WebVTT…). */
export function textAnswer(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/** The bytes of a file streamed as they are (never serialized): documented as a binary string. */
const binary = z.custom<Readable | Buffer>().meta({ type: 'string', format: 'binary' });

/** A zip download (sent as an attachment). */
export function zipDownload(description: string) {
  return { description, content: { 'application/zip': { schema: binary } } };
}

type SecurityRequirement = Record<string, string[]>;

/** What a caller must send: the session cookie for a signed-in route, the CSRF header for an unsafe method. */
export function securityOf(method: string, config: { access?: Access; csrf?: string } | undefined) {
  const requirement: SecurityRequirement = {};
  if (config?.access && config.access.kind !== 'public') requirement.session = [];
  if (!SAFE_METHODS.has(method) && config?.csrf !== 'signed-policy') requirement.csrf = [];
  return Object.keys(requirement).length ? [requirement] : [];
}

const words = (segment: string) => segment.replace(/[-_]/g, ' ');
const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');
const paramName = (segment: string) => segment.replace(/^[:{]|}$/g, '');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The path's segments after /api/v1/. */
function segmentsOf(url: string): string[] {
  return url
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .filter(Boolean);
}

/** A unique, URL-safe id: the method, then the path's words, each parameter as By<Name>. */
export function operationIdOf(method: string, url: string): string {
  const parts = segmentsOf(url).map((segment) =>
    isParam(segment) ? `By${capital(paramName(segment))}` : capital(segment.replace(/\.(\w+)$/, ' $1')),
  );
  const camel = parts
    .join(' ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capital)
    .join('');
  return `${method.toLowerCase()}${camel}`;
}

/** The singular of the API's plural nouns (classes, activities, tasks…), for "of a class". */
function singular(noun: string): string {
  if (/(ss|sh|ch|x)es$/.test(noun)) return noun.slice(0, -2);
  if (noun.endsWith('ies')) return `${noun.slice(0, -3)}y`;
  if (noun.endsWith('s') && !noun.endsWith('ss')) return noun.slice(0, -1);
  return noun;
}

const article = (noun: string) => (/^(?:[aeio]|u(?!s))/.test(noun) ? `an ${noun}` : `a ${noun}`);

/**
 * A readable summary from the method and path. The words of a segment followed by its parameter name the thing it
 * belongs to ("of an exam of a class"); the last segment says what: one thing (a parameter last), a collection (a
 * plural noun), or an action (POST .../submit/ is "Submit a sitting"). Routes whose generated summary would say
 * little write their own `summary`.
 */
export function summaryOf(method: string, url: string): string {
  const segments = segmentsOf(url);
  const lastIndex = segments.length - 1;
  const endsInParam = isParam(segments[lastIndex]!);
  const owners: string[] = [];
  const prefix: string[] = [];
  let target = '';
  segments.forEach((segment, i) => {
    if (isParam(segment)) return;
    const named = i + 1 <= lastIndex && isParam(segments[i + 1]!);
    const isTarget = endsInParam ? i === lastIndex - 1 : i === lastIndex;
    if (isTarget) target = words(segment);
    else if (named) owners.unshift(singular(words(segment)));
    else prefix.push(words(segment));
  });
  const of = (list: string[]) => list.map((owner) => ` of ${article(owner)}`).join('');
  const thing = [...prefix, target].join(' ');
  const one = article([...prefix, singular(target)].join(' '));
  const plural = target.endsWith('s') && singular(target) !== target;
  const action = !endsInParam && !plural && owners.length > 0;
  let text: string;
  if (method === 'POST' && action) {
    // POST .../{id}/submit/: the last word is what is done to the thing the path names.
    const [owner, ...rest] = owners;
    const link = target.includes(' ') ? ' for' : ''; // "Submit a sitting", "Resend invitation for a user"
    text = `${capital(target)}${link} ${article([...prefix, owner!].join(' '))}${of(rest)}`;
  } else if (method === 'POST' && plural && !endsInParam) {
    text = `Create ${one}${of(owners)}`;
  } else {
    const verb = { GET: 'Get', POST: 'Post', PUT: 'Save', PATCH: 'Update', DELETE: 'Delete' }[method] ?? method;
    text = `${verb} ${endsInParam ? one : thing}${of(owners)}`;
  }
  return text.replace(/\s+/g, ' ').trim();
}

interface ErrorAnswer {
  status: string;
  name: string;
  description: string;
  applies: (op: { method: string; url: string; schema: FastifySchema; security: SecurityRequirement[] }) => boolean;
}

/** The client errors each operation may answer, shared as components/responses. */
const ERROR_ANSWERS: ErrorAnswer[] = [
  {
    status: '400',
    name: 'BadRequest',
    description: 'The input is not valid (`validation_failed`, with `errors` naming each field) or cannot be read.',
    // Declared input, or a body of its own (multipart uploads; a malformed JSON body is refused on any unsafe method).
    applies: ({ method, schema }) =>
      !!(schema.body || schema.querystring || schema.params || schema.headers) || !SAFE_METHODS.has(method),
  },
  {
    status: '401',
    name: 'NotAuthenticated',
    description: 'Not signed in, or the session has ended (`not_authenticated`).',
    applies: ({ security }) => security.some((s) => 'session' in s),
  },
  {
    status: '403',
    name: 'Forbidden',
    description:
      'Refused: the caller may not do this (`forbidden`, `feature_unavailable`, `class_expired`, `class_read_only`) or the CSRF token is missing or wrong (`csrf_failed`).',
    applies: ({ security }) => security.length > 0,
  },
  {
    status: '404',
    name: 'NotFound',
    description: 'No such resource, or none the caller may see (`not_found`).',
    applies: ({ url }) => segmentsOf(url).some(isParam),
  },
  {
    status: '4XX',
    name: 'ClientError',
    description:
      'Another client error: a conflict with the current state (409), a link that no longer works (410), a body too large (413), too many requests (429)… `code` says which.',
    applies: () => true,
  },
];

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
});

type Route = Pick<RouteOptions, 'method' | 'url' | 'config'>;

/** Where the transform leaves the names of an operation's error answers for transformObject to turn into $refs. */
const ERRORS_KEY = 'x-error-answers';

/** The route's documentation with what it does not say for itself filled in. */
export function documentRoute(route: Route, url: string, schema: FastifySchema): FastifySchema {
  const method = [route.method].flat()[0]!.toUpperCase();
  const config = route.config as { access?: Access; csrf?: string } | undefined;
  const security = securityOf(method, config);
  const op = { method, url, schema, security };
  return {
    operationId: operationIdOf(method, url),
    summary: summaryOf(method, url),
    security,
    ...schema,
    [ERRORS_KEY]: ERROR_ANSWERS.filter((answer) => answer.applies(op)).map((answer) => answer.name),
  } as FastifySchema;
}

type Operation = { responses?: Record<string, unknown>; [ERRORS_KEY]?: string[] };

/** Gives each operation its error answers as references to the shared ones (those it declares itself stay). */
function referErrorAnswers(paths: Record<string, Record<string, Operation>>): void {
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      const names = op[ERRORS_KEY];
      if (!names) continue;
      delete op[ERRORS_KEY];
      const responses = (op.responses ??= {});
      // fastify-swagger says "Default Response" for an answer described by its schema alone: say its status instead.
      for (const [status, response] of Object.entries(responses) as [string, { description?: string }][]) {
        if (response.description === 'Default Response') response.description = STATUS_CODES[status] ?? status;
      }
      for (const answer of ERROR_ANSWERS) {
        if (names.includes(answer.name) && !(answer.status in responses)) {
          responses[answer.status] = { $ref: `#/components/responses/${answer.name}` };
        }
      }
    }
  }
}

/** The shared schema and answers every operation's errors refer to. */
function errorComponents() {
  const { $schema: _ignored, ...errorBody } = z.toJSONSchema(errorBodySchema, { io: 'output' }) as Record<
    string,
    unknown
  >;
  return {
    schemas: { ErrorBody: errorBody },
    responses: Object.fromEntries(ERROR_ANSWERS.map((a) => [a.name, errorResponse(a.description)])),
  };
}

/** Registers the document and its browser; `sessionCookie` is the session cookie's name (ADR 047). */
export async function registerOpenApi(app: FastifyInstance, sessionCookie: string): Promise<void> {
  const errors = errorComponents();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Banksia API', version: '1', description: 'JSON API of the Banksia learning platform.' },
      // The document describes the server that serves it.
      servers: [{ url: '/', description: 'This server.' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description: 'The session cookie set by POST /api/v1/auth/login/.',
          },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CSRFToken',
            description:
              'The value of the `csrftoken` cookie (from GET /api/v1/csrf/), required on every unsafe method.',
          },
        },
      },
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const schema = result.schema as FastifySchema & { hide?: boolean };
      if (!schema || schema.hide) return result;
      return { ...result, schema: documentRoute(input.route, input.url, schema) };
    },
    // Gathers the schemas zod names (the recursive course tree and list items) into components, so every $ref
    // resolves; then adds the error body and the shared error answers.
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as {
        paths?: Record<string, Record<string, Operation>>;
        components?: Record<string, Record<string, unknown>>;
      };
      referErrorAnswers(document.paths ?? {});
      const components = document.components ?? {};
      return {
        ...document,
        components: {
          ...components,
          schemas: { ...components.schemas, ...errors.schemas },
          responses: { ...components.responses, ...errors.responses },
        },
      };
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The API browser's own policy: its two inline scripts by hash, nothing from other origins.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replaceAll(' https:', '')
        .replace(' validator.swagger.io', '')
        .replace('upgrade-insecure-requests;', '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .trim(),
  });
}
