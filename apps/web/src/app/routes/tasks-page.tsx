import { useMe } from '../../features/accounts/index';
import { TasksPage } from '../../features/tasks/index';
import { useTeacherClasses } from './tasks-crumbs';

/** /tasks/: tasks a teacher set, or a student's tasks. */
export function TasksRoute() {
  const { isPending } = useMe();
  const teacherClasses = useTeacherClasses();
  // Whether the page is a teacher's or a student's depends on the session; it is loaded before any signed-in page.
  if (isPending) return null;
  return <TasksPage teacherClasses={teacherClasses} />;
}
