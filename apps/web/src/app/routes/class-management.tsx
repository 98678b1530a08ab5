import { ClassManagementPage } from '../../features/classes/routes/class-management-page';

/** /class-management/my-school/: the class editor (school admins and teachers; the server checks each call). */
export function ClassManagementRoute() {
  return <ClassManagementPage currentYear={new Date().getFullYear()} />;
}
