/** What the app uses of single sign-on: its routes (the admin API, discovery and the sign-in round trips). */
export { ssoAdminRoutes } from './sso-admin.routes';
export { ssoRoutes } from './sso.routes';
