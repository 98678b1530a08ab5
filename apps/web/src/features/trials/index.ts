// What app/ and other features use of the trials feature (named re-exports only).

// The pages app/'s route tables load. The tables import each page module by its path (not this file), so
// every page stays its own lazy chunk.
export { AnonTrialAccountsRoute } from './routes/anon-trial-accounts-page';
export { AnonTrialClassesRoute } from './routes/anon-trial-classes-page';
export { SetupTeacherTrialRoute } from './routes/setup-teacher-trial-page';
