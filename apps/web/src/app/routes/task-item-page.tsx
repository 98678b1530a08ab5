import { useParams } from 'react-router';
import { TaskItemPage } from '../../features/tasks/index';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { ErrorPage } from '../pages/error-page';
import { idParam } from '../route-params';
import { tasksCrumb } from './tasks-crumbs';

/** /tasks/{taskId}/task-items/{taskItemId}/ */
export function TaskItemRoute() {
  const params = useParams();
  const taskId = idParam(params.taskId);
  const taskItemId = idParam(params.taskItemId);
  if (taskId === null || taskItemId === null) return <ErrorPage status={404} />;
  return (
    <TaskItemPage
      key={`${taskId}/${taskItemId}`}
      taskId={taskId}
      taskItemId={taskItemId}
      above={<PageBreadcrumbs items={[tasksCrumb, { label: 'Task', href: urlFor('task', { taskId }) }]} />}
    />
  );
}
