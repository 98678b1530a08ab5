/** Question sets: a lesson's questions answered one at a time (and the signed-out demo set). */
export { DemoQuestionPage } from './routes/demo-question-page';
export { DemoQuestionSetPage } from './routes/demo-question-set-page';
export { QuestionPage } from './routes/question-page';
export { QuestionSetPage } from './routes/question-set-page';
