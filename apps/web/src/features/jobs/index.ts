// What app/ and other features use of the jobs feature (named re-exports only).

// The pages app/'s route tables load. The tables import each page module by its path (not this file), so
// every page stays its own lazy chunk.
export { JobsRoute } from './routes/jobs-page';
