import { useParams } from 'react-router';
import { TaskPage } from '../../features/tasks/index';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { ErrorPage } from '../pages/error-page';
import { idParam } from '../route-params';
import { tasksCrumb, useTeacherClasses } from './tasks-crumbs';

/** /tasks/{taskId}/ */
export function TaskRoute() {
  const taskId = idParam(useParams().taskId);
  const teacherClasses = useTeacherClasses();
  if (taskId === null) return <ErrorPage status={404} />;
  return (
    <TaskPage
      key={taskId}
      taskId={taskId}
      teacherClasses={teacherClasses}
      above={<PageBreadcrumbs items={[tasksCrumb]} />}
    />
  );
}
