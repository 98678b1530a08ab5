import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';

const ctx = useTestApp();

describe('the OpenAPI document at /api/docs/json', () => {
  it('passes a standard validator and generates a typed client', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as Record<string, unknown>;
    // The validator dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();

    const types = astToString(await openapiTS(document as never));
    expect(types).toContain('"/api/v1/presitree/{courseId}/assemblage/"');
    expect(types).toContain('"/api/v1/classes/{classId}/assemblage/"');
    expect(types).toMatch(/node_type\??: "course" \| "section" \| "lesson" \| "exam"/);
  });
});
