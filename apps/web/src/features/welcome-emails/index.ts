// What app/ and other features use of the welcome-emails feature (named re-exports only).

// The pages app/'s route tables load. The tables import each page module by its path (not this file), so
// every page stays its own lazy chunk.
export { WelcomeEmailsRoute } from './routes/welcome-emails-page';
