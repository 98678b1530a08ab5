/** What app/ uses of lessons: the lesson player and the demo lesson. */
export { useDemoLesson } from './api/get-demo-lesson';
export { ChunkPlayer } from './components/chunk-player';
export { DemoModeProvider } from './components/demo-mode';
