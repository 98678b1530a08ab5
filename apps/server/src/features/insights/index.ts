/** What the app uses of insights. */
export { insightsRoutes } from './insights.routes';
