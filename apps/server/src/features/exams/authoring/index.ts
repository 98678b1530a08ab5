export { examAuthoringRoutes } from './exam-authoring.routes';
export { getForAuthoring, publishExam, saveExam } from './exam-authoring.service';
