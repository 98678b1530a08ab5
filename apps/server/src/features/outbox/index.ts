/** What the app uses of outbox. */
export { outboxRoutes } from './outbox.routes';
