import { describe, expect, it } from 'vitest';
import { urlFor } from './named-routes';
import type { RouteName } from './named-routes';

describe('urlFor', () => {
  it.each([
    ['api:csrf', '/api/v1/csrf/'],
    ['api:login', '/api/v1/auth/login/'],
    ['api:logout', '/api/v1/auth/logout/'],
    ['api:me', '/api/v1/auth/me/'],
    ['api:profile', '/api/v1/auth/profile/'],
    ['api:change-password', '/api/v1/auth/password/'],
    ['api:schools', '/api/v1/schools/'],
    ['api:users', '/api/v1/users/'],
    ['api:analytics', '/api/v1/analytics/'],
    ['api:client-errors', '/api/v1/client-errors/'],
    ['api:support-requests', '/api/v1/support/requests/'],
    ['api:client-config', '/api/v1/config/'],
  ] as const)('%s → %s', (name, path) => {
    expect(urlFor(name)).toBe(path);
  });

  it.each([
    ['api:class-detail', { classId: 7 }, '/api/v1/classes/7/'],
    ['api:get-roles', { userId: 3 }, '/api/v1/users/3/get_roles/'],
    ['api:save-role', { userId: 3 }, '/api/v1/users/3/save_role/'],
    ['api:user', { userId: 3 }, '/api/v1/users/3/'],
    ['api:user-active', { userId: '12' }, '/api/v1/users/12/active/'],
    ['api:support-request-resolve', { requestId: 5 }, '/api/v1/support/requests/5/resolve/'],
    ['course', { courseId: 9 }, '/course/9/'],
  ] as const)('%s fills in its params', (name, params, path) => {
    expect(urlFor(name, params)).toBe(path);
  });

  it('URL-encodes params', () => {
    expect(urlFor('course', { courseId: 'a b/c?d' })).toBe('/course/a%20b%2Fc%3Fd/');
  });

  it('throws for an unknown route, including inherited object keys', () => {
    expect(() => urlFor('api:nope' as RouteName)).toThrow(new Error('Unknown Route Requested'));
    expect(() => urlFor('toString' as RouteName)).toThrow(new Error('Unknown Route Requested'));
  });

  it('throws when a needed param is missing', () => {
    expect(() => urlFor('api:class-detail')).toThrow('Route "api:class-detail" needs the parameter "classId"');
    expect(() => urlFor('api:class-detail', { userId: 1 })).toThrow('classId');
  });
});
