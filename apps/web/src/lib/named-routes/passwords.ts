/** Named routes of set-password links (invitations, "Forgot password?") and their API. */
export const passwordRoutes = {
  'account-forgot-password': '/account/forgot-password/',
  'account-set-password': '/account/set-password/{token}/',
  'api:password-reset': '/api/v1/auth/password-reset/',
  'api:password-token': '/api/v1/auth/password-token/{token}/',
  'api:resend-invitation': '/api/v1/users/{userId}/resend-invitation/',
} as const;
