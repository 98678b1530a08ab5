// What app/ and other features use of the schools feature (named re-exports only).
export { SchoolDashboardPage } from './routes/school-dashboard-page';
export { SchoolExamPage } from './routes/school-exam-page';
