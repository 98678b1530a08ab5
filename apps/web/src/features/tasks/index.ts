// What app/ and other features use of the tasks feature (named re-exports only).
export { TaskInsightsPage } from './routes/task-insights-page';
export { TaskItemPage } from './routes/task-item-page';
export { TaskPage } from './routes/task-page';
export { TaskQuestionInsightsPage } from './routes/task-question-insights-page';
export { TasksPage } from './routes/tasks-page';
