/**
 * Path templates of the named routes; `{param}` marks a part urlFor fills in.
 * Add a route by adding a line here.
 */
export const namedRoutes = {
  'api:csrf': '/api/v1/csrf/',
  'api:login': '/api/v1/auth/login/',
  'api:logout': '/api/v1/auth/logout/',
  'api:me': '/api/v1/auth/me/',
  'api:profile': '/api/v1/auth/profile/',
  'api:change-password': '/api/v1/auth/password/',
  'api:schools': '/api/v1/schools/',
  'api:class-detail': '/api/v1/classes/{classId}/',
  'api:get-roles': '/api/v1/users/{userId}/get_roles/',
  'api:save-role': '/api/v1/users/{userId}/save_role/',
  'api:users': '/api/v1/users/',
  'api:user': '/api/v1/users/{userId}/',
  'api:user-active': '/api/v1/users/{userId}/active/',
  'api:analytics': '/api/v1/analytics/',
  'api:client-errors': '/api/v1/client-errors/',
  'api:support-requests': '/api/v1/support/requests/',
  'api:support-request-resolve': '/api/v1/support/requests/{requestId}/resolve/',
  'api:client-config': '/api/v1/config/',
  course: '/course/{courseId}/',
} as const;

export type RouteName = keyof typeof namedRoutes;
export type RouteParams = Record<string, string | number>;

/** The path of a named route with its params URL-encoded; throws on an unknown name or a missing param. */
export function urlFor(name: RouteName, params: RouteParams = {}): string {
  // Names can arrive untyped (e.g. from data), so the type alone does not guarantee the route exists.
  if (!Object.hasOwn(namedRoutes, name)) throw new Error('Unknown Route Requested');
  return namedRoutes[name].replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route "${name}" needs the parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
}
