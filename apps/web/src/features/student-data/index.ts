// What app/ and other features use of the student-data feature (named re-exports only).
export { StudentDataMenu } from './components/student-data-menu';
export { StudentDataSection } from './components/student-data-section';
