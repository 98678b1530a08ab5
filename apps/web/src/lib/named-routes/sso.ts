/** Named routes of single sign-on (issue 35). */
export const ssoRoutes = {
  'api:sso-discover': '/api/v1/auth/sso/discover/',
  'api:sso-connections': '/api/v1/admin/sso-connections/',
  'api:sso-connection': '/api/v1/admin/sso-connections/{connectionId}/',
} as const;
