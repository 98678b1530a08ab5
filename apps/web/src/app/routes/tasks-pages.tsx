import { useParams } from 'react-router';
import { useMe } from '../../features/accounts/api/get-me';
import { TaskInsightsPage } from '../../features/tasks/routes/task-insights-page';
import { TaskItemPage } from '../../features/tasks/routes/task-item-page';
import { TaskPage } from '../../features/tasks/routes/task-page';
import { TaskQuestionInsightsPage } from '../../features/tasks/routes/task-question-insights-page';
import { TasksPage } from '../../features/tasks/routes/tasks-page';
import { urlFor } from '../../lib/named-routes';
import { PageBreadcrumbs, type Crumb } from '../components/page-breadcrumbs';
import { ErrorPage } from '../pages/error-page';
import { idParam } from '../route-params';

/** The classes the signed-in user teaches, for the "Set a task" form. */
function useTeacherClasses() {
  const { data: me } = useMe();
  return (me?.classes ?? [])
    .filter((c) => c.role === 'teacher')
    .map((c) => ({ id: c.id, title: c.title }))
    .sort((a, b) => a.title.localeCompare(b.title, 'en', { numeric: true }));
}

const tasksCrumb: Crumb = { label: 'Tasks', href: urlFor('tasks') };

/** /tasks/: tasks a teacher set, or a student's tasks. */
export function TasksRoute() {
  const { isPending } = useMe();
  const teacherClasses = useTeacherClasses();
  // Whether the page is a teacher's or a student's depends on the session; it is loaded before any signed-in page.
  if (isPending) return null;
  return <TasksPage teacherClasses={teacherClasses} />;
}

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
