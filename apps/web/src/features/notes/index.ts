// What app/ and other features use of the notes feature (named re-exports only).
export { LessonNotesRoute } from './routes/lesson-notes-page';
