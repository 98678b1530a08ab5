import { useParams } from 'react-router';
import { TaskQuestionInsightsPage } from '../../features/tasks/index';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { ErrorPage } from '../pages/error-page';
import { idParam } from '../route-params';
import { tasksCrumb } from './tasks-crumbs';

/** /tasks/{taskId}/insights/{questionId} */
export function TaskQuestionInsightsRoute() {
  const params = useParams();
  const taskId = idParam(params.taskId);
  const questionId = idParam(params.questionId);
  if (taskId === null || questionId === null) return <ErrorPage status={404} />;
  return (
    <TaskQuestionInsightsPage
      key={`${taskId}/${questionId}`}
      taskId={taskId}
      questionId={questionId}
      above={
        <PageBreadcrumbs
          items={[
            tasksCrumb,
            { label: 'Task', href: urlFor('task', { taskId }) },
            { label: 'Insights', href: urlFor('task-insights', { taskId }) },
          ]}
        />
      }
    />
  );
}
