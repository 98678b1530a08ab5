import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './log-redaction';

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';

describe('log redaction', () => {
  it('hides the token of set-password links, in pages and the API', () => {
    expect(redactUrl(`/account/set-password/${TOKEN}/`)).toBe('/account/set-password/[redacted]/');
    expect(redactUrl(`/api/v1/auth/password-token/${TOKEN}/?x=1`)).toBe('/api/v1/auth/password-token/[redacted]/?x=1');
    expect(redactUrl('/api/v1/auth/password-reset/')).toBe('/api/v1/auth/password-reset/');
    expect(serializeRequest({ method: 'GET', url: `/account/set-password/${TOKEN}/`, ip: '10.0.0.1' })).toEqual({
      method: 'GET',
      url: '/account/set-password/[redacted]/',
      host: undefined,
      remoteAddress: '10.0.0.1',
      remotePort: undefined,
    });
  });
});
