/** Transcription: a teacher enters a student's paper answers. */
export { TranscribePage } from './routes/transcribe-page';
