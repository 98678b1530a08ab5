/** What the app uses of secret-admin. */
export { secretAdminRoutes } from './secret-admin.routes';
