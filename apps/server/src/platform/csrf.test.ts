import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { makeClient, TEST_SECRET, useTestApp } from '../../test/harness';
import { isValidCsrfToken, mintCsrfToken } from './csrf';

const ctx = useTestApp();

describe('CSRF tokens', () => {
  it('are bound to the session they were minted for', () => {
    const token = mintCsrfToken(TEST_SECRET, 'session-a');
    expect(isValidCsrfToken(TEST_SECRET, 'session-a', token)).toBe(true);
    expect(isValidCsrfToken(TEST_SECRET, 'session-b', token)).toBe(false);
    expect(isValidCsrfToken(TEST_SECRET, null, token)).toBe(false);
    expect(isValidCsrfToken('another-secret-0123456789abcdef0123', 'session-a', token)).toBe(false);
    expect(isValidCsrfToken(TEST_SECRET, 'session-a', `${token}.x`)).toBe(false);
  });
});

describe('CSRF protection', () => {
  it('GET /api/v1/csrf/ returns the token and sets the readable csrftoken cookie, reusing a valid one', async () => {
    const client = makeClient(ctx.app);
    const first = await client.get('/api/v1/csrf/');
    expect(first.statusCode).toBe(200);
    const token = first.json().csrf_token;
    expect(first.cookies.find((c) => c.name === 'csrftoken')).toMatchObject({ value: token, sameSite: 'Lax' });
    const second = await client.get('/api/v1/csrf/');
    expect(second.json().csrf_token).toBe(token);
  });

  it.each([
    ['the cookie is not set', {}, { 'x-csrftoken': 'abc.def' }, 'CSRF Failed: CSRF cookie not set.'],
    ['the header is missing', { csrftoken: 'COOKIE' }, {}, 'CSRF Failed: CSRF token missing.'],
    [
      'the header differs from the cookie',
      { csrftoken: 'COOKIE' },
      { 'x-csrftoken': 'OTHER' },
      'CSRF Failed: CSRF token incorrect.',
    ],
    [
      'the token was not minted here',
      { csrftoken: 'forged.token' },
      { 'x-csrftoken': 'forged.token' },
      'CSRF Failed: CSRF token incorrect.',
    ],
  ])('refuses an unsafe call when %s', async (_case, cookies, headers, detail) => {
    const jar: Record<string, string> = {};
    for (const [k, v] of Object.entries(cookies)) jar[k] = v === 'COOKIE' ? mintCsrfToken(TEST_SECRET, null) : v;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      cookies: jar,
      headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail, code: 'csrf_failed' });
  });

  it('refuses a signed-out token once signed in', async () => {
    const user = await createUser(ctx.db);
    const signedIn = await ctx.client(user.id);
    const anonymousToken = mintCsrfToken(TEST_SECRET, null);
    const response = await signedIn.request({
      method: 'PATCH',
      url: '/api/v1/auth/profile/',
      payload: { first_name: 'A', last_name: 'B' },
      cookies: { csrftoken: anonymousToken },
      headers: { 'x-csrftoken': anonymousToken },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('CSRF Failed: CSRF token incorrect.');
  });

  it('lets safe methods through without a token', async () => {
    const user = await createUser(ctx.db);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me/',
      cookies: (await ctx.client(user.id)).cookies,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404, not 403, for an unknown API path', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/no-such-thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});
