/** What the app uses of notes. */
export { notesRoutes } from './notes.routes';
