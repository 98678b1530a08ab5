export { transcriptionRoutes } from './transcription.routes';
