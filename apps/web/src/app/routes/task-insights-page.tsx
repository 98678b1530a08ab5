import { useParams } from 'react-router';
import { TaskInsightsPage } from '../../features/tasks/index';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { ErrorPage } from '../pages/error-page';
import { idParam } from '../route-params';
import { tasksCrumb } from './tasks-crumbs';

/** /tasks/{taskId}/insights/ */
export function TaskInsightsRoute() {
  const taskId = idParam(useParams().taskId);
  if (taskId === null) return <ErrorPage status={404} />;
  return (
    <TaskInsightsPage
      key={taskId}
      taskId={taskId}
      above={<PageBreadcrumbs items={[tasksCrumb, { label: 'Task', href: urlFor('task', { taskId }) }]} />}
    />
  );
}
