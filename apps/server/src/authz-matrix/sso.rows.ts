import type { Row } from './matrix';
import { everyone } from './personas';

/** Single sign-on: staff manage connections; the sign-in round trip is public. */
export const ssoRows: Record<string, Row> = {
  // The path's id is left as `:connectionId` (not a number): staff get past the gate and are answered 400 by the
  // schema, everyone else is refused before it.
  'GET /api/v1/admin/sso-connections/': { allow: ['staff'] },
  'POST /api/v1/admin/sso-connections/': { allow: ['staff'], payload: () => ({ name: '' }) },
  'GET /api/v1/admin/sso-connections/:connectionId/': { allow: ['staff'] },
  'PATCH /api/v1/admin/sso-connections/:connectionId/': { allow: ['staff'], payload: () => ({ name: 'X' }) },
  'DELETE /api/v1/admin/sso-connections/:connectionId/': { allow: ['staff'] },
  // Signing in: public. Without an address or a state these answer 400 (a page saying the sign-in failed).
  'GET /api/v1/auth/sso/discover/': { allow: everyone },
  'GET /auth/sso/:connectionId/start/': { allow: everyone },
  'GET /auth/sso/oidc/callback/': { allow: everyone },
};
