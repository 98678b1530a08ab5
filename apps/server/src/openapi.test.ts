import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { SESSION_COOKIE } from './platform/session';

const ctx = useTestApp();

let document: Record<string, unknown>;

beforeAll(async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as Record<string, unknown>;
});

describe('the OpenAPI document at /api/docs/json', () => {
  it('passes a standard validator and generates a typed client', async () => {
    // The validator dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();

    const types = astToString(await openapiTS(document as never));
    expect(types).toContain('"/api/v1/presitree/{courseId}/assemblage/"');
    expect(types).toContain('"/api/v1/classes/{classId}/assemblage/"');
    expect(types).toMatch(/node_type\??: "course" \| "section" \| "lesson" \| "exam"/);
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The API's paths end in a slash, as the spec's do (the web app and its clients call them so).
        'no-path-trailing-slash': 'off',
        // Banksia is not published under a licence (its package is private and it ships no LICENSE): naming one in
        // the document, with the URL the strict rule wants, would be untrue.
        'info-license': 'off',
        'info-license-strict': 'off',
      },
    });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: '/api/docs/json',
      config,
    });
    const found = problems
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '(document)'}`)
      // The one known ambiguity, and only it: /payments/refund-runs/year/{calendarYear}/ against
      // /payments/refund-runs/{runId}/approve|send|cancel/ (a run id is an integer, so `year` never matches one and the
      // router takes the static segment first). Renaming these paths would break the web app's calls; any other
      // ambiguous pair still fails here.
      .filter(
        (line) =>
          !/^warn no-ambiguous-paths: .*`\/api\/v1\/payments\/refund-runs\/year\/\{calendarYear\}\/` and `\/api\/v1\/payments\/refund-runs\/\{runId\}\/(approve|send|cancel)\/`/.test(
            line,
          ),
      );
    expect(found).toEqual([]);
  });

  it('gives each operation a unique operationId and summary, its security and its client errors', () => {
    type Operation = {
      operationId?: string;
      summary?: string;
      security?: Record<string, string[]>[];
      responses: Record<string, { $ref?: string; description?: string; content?: Record<string, unknown> }>;
    };
    const paths = document.paths as Record<string, Record<string, Operation>>;
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(150);
    const ids = operations.map(({ op }) => op.operationId);
    const summaries = operations.map(({ op }) => op.summary);
    expect(new Set(ids).size).toBe(operations.length);
    expect(new Set(summaries).size).toBe(operations.length);
    for (const { path, method, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      // Every answer is declared: no fastify-swagger placeholder for a route that said nothing, and a body for every
      // success but 204.
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description ?? response.$ref, `${where} ${status}`).not.toBe('Default Response');
        if (/^2\d\d$/.test(status) && status !== '204') expect(response.content, `${where} ${status}`).toBeDefined();
      }
      expect(
        Object.keys(op.responses).some((status) => status.startsWith('4')),
        where,
      ).toBe(true);
    }

    const op = (method: string, path: string) => paths[path]![method]!;
    // Public and safe: nothing to send. Public and unsafe: the CSRF header (sign-in is refused without it).
    expect(op('get', '/api/v1/csrf/').security).toEqual([]);
    expect(op('post', '/api/v1/auth/login/').security).toEqual([{ csrf: [] }]);
    // The Stripe webhook is signed by Stripe instead.
    expect(op('post', '/api/v1/payments/webhooks/stripe/').security).toEqual([]);
    // Signed in: the session, and the CSRF header on unsafe methods.
    expect(op('get', '/api/v1/tasks/').security).toEqual([{ session: [] }]);
    expect(op('post', '/api/v1/tasks/').security).toEqual([{ session: [], csrf: [] }]);
    expect(op('get', '/api/v1/tasks/{taskId}/').responses).toMatchObject({
      400: { $ref: '#/components/responses/BadRequest' },
      401: { $ref: '#/components/responses/NotAuthenticated' },
      403: { $ref: '#/components/responses/Forbidden' },
      404: { $ref: '#/components/responses/NotFound' },
      '4XX': { $ref: '#/components/responses/ClientError' },
    });
    const components = document.components as {
      securitySchemes: Record<string, unknown>;
      schemas: Record<string, { properties: Record<string, unknown>; required: string[] }>;
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    expect(components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
    });
    expect(components.schemas.ErrorBody!.required).toEqual(['detail', 'code', 'request_id']);
    expect(components.responses.NotFound!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
  });

  it('describes the grids, CSV and zip downloads and empty answers with their media types', () => {
    const paths = document.paths as Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>
    >;
    const grid = paths['/api/v1/classes/{classId}/progress-grids/topic/{topicId}/']!.get!.responses['200']!.content!;
    expect(Object.keys(grid)).toEqual(['application/json', 'text/csv']);
    expect(grid['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { kind: { enum: expect.arrayContaining(['topic']) }, rows: { type: 'array' } },
    });
    expect(grid['text/csv']!.schema).toMatchObject({ type: 'string' });
    for (const path of [
      '/api/v1/reports/sales-leads/csv/',
      '/api/v1/payments/reports/refunds-owed/{calendarYear}/csv/',
      '/api/v1/rosters/template.csv',
    ]) {
      expect(Object.keys(paths[path]!.get!.responses['200']!.content!), path).toEqual(['text/csv']);
    }
    const zip = paths['/api/v1/student-data/users/{userId}/export/']!.get!.responses['200']!.content!;
    expect(zip).toEqual({ 'application/zip': { schema: { type: 'string', format: 'binary' } } });
    const deleted = paths['/api/v1/tasks/{taskId}/']!.delete!.responses;
    expect(deleted['204']).toBeDefined();
    expect(deleted['204']!.content).toBeUndefined();
  });
});
