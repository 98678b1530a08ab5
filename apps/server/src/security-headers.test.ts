import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { TEST_SECRET, useTestApp } from '../test/harness';
import type { Config } from './platform/config';
import { securityHeaders } from './platform/security-headers';

const ctx = useTestApp();

/** The policy's directives by name. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let dist: string;
  const apps: FastifyInstance[] = [];
  const app = async (config: Partial<Config> = {}) => {
    const built = await buildApp({
      config: { ...ctx.config, webDist: dist, ...config },
      db: ctx.db,
      clock: ctx.clock,
      secret: TEST_SECRET,
    });
    apps.push(built);
    return built;
  };
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'banksia-web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Banksia</title>');
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('gives every page a strict Content-Security-Policy: no inline script, no eval, no plugins, no framing', async () => {
    const page = await (await app()).inject({ method: 'GET', url: '/class/1/course/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    // Plain HTTP: no HSTS, or a browser would refuse the site over http://localhost afterwards.
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only behind HTTPS (COOKIE_SECURE=true)', async () => {
    const page = await (await app({ cookieSecure: true })).inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('names the S3 bucket, Sentry and a chat widget only when they are configured', async () => {
    const configured = await app({
      s3: {
        bucket: 'files',
        region: 'ap-southeast-2',
        endpoint: undefined,
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
        publicUrl: 'https://cdn.example.com/banksia',
      },
      sentryDsn: 'https://key@o1.ingest.sentry.io/2',
      chatWidgetUrl: 'https://chat.example.com/widget.js',
    });
    const csp = directives((await configured.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://chat.example.com']);
    expect(csp['img-src']).toEqual(
      expect.arrayContaining(['https://cdn.example.com', 'https://files.s3.ap-southeast-2.amazonaws.com']),
    );
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(['https://files.s3.ap-southeast-2.amazonaws.com', 'https://o1.ingest.sentry.io']),
    );
  });

  it('keeps JSON answers unsniffable too, and gives the API browser its own policy without inline script', async () => {
    const json = await (await app()).inject({ method: 'GET', url: '/api/v1/csrf/' });
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(String(docs.headers['content-security-policy'])).not.toContain('https:');
  });

  it("puts helmet's headers, worked out once, on pages, JSON, errors and the API browser", async () => {
    const built = await app();
    const expected = securityHeaders({ ...ctx.config, webDist: dist });
    expect(Object.keys(expected).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]);
    for (const url of ['/class/1/course/', '/api/v1/csrf/', '/api/v1/no-such-thing/', '/healthz']) {
      const answer = await built.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], `${url} ${name}`).toBe(value);
    }
    // A route with a policy of its own keeps it: the API browser's (swagger-ui's static policy, trimmed in app.ts).
    const docs = await built.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.headers['content-security-policy']).not.toBe(expected['content-security-policy']);
    expect(directives(docs.headers['content-security-policy'])['img-src']).toEqual(["'self'", 'data:']);
    expect(docs.headers['x-frame-options']).toBe('DENY');
  });
});
