// What app/ and other features use of the classes feature (named re-exports only).
export { useSchoolClasses } from './api/get-school-classes';
export { ClassCard } from './components/class-card';
export { SchoolClassesTable } from './components/school-classes-table';
export { StudentClasses } from './components/student-classes';
export { TeacherClasses } from './components/teacher-classes';
export { ClassListUploaderPage } from './routes/class-list-uploader-page';
export { ClassManagementPage } from './routes/class-management-page';
