/** What the app uses of welcome emails. */
export { welcomeEmailsRoutes } from './welcome-emails.routes';
export { welcomeJourneyJob } from './welcome-emails.jobs';
