import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { examAuthoringRoutes } from './authoring/index';
import { markingRoutes } from './marking/index';
import { mistakesRoutes } from './mistakes/index';
import { questionSetsRoutes } from './question-sets/index';
import { sittingsRoutes } from './sittings/index';
import { transcriptionRoutes } from './transcription/index';

// Exams, cut by use case: sittings (a student's exam view, start, answer, submit), marking (a class's sittings,
// marks, accepted alternatives, results, locks and extra time), transcription (paper answers), mistakes (a student's
// review: mistakes, grok, notes), question-sets (demo lessons' sets) and authoring (content staff); shared holds
// what they have in common. Other features use exams only through this file.

/** Every exams route, one plugin for app.ts. */
export function examsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(sittingsRoutes(deps));
    await app.register(markingRoutes(deps));
    await app.register(transcriptionRoutes(deps));
    await app.register(mistakesRoutes(deps));
    await app.register(questionSetsRoutes(deps));
    await app.register(examAuthoringRoutes(deps));
  };
}

export { getForAuthoring, publishExam, saveExam } from './authoring/index';
export {
  addQuestion,
  addSection,
  closeExpiredSittings,
  copyExamsOfCourse,
  questionForStudent,
  questionOf,
  questionSolution,
} from './shared/index';
