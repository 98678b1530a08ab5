import type { TaskInsights } from '@banksia/contracts/tasks';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useTaskInsights } from '../api/get-task-insights';
import { PercentChart } from '../components/percent-chart';
import { formatDue, itemKindLabel } from '../utils/task-format';

/** The result figure of an item in words, for the table. */
function resultText(item: TaskInsights['items'][number]): string {
  const r = item.result;
  switch (r.kind) {
    case 'score':
      return r.average_percent === null
        ? 'No submissions yet'
        : `Average ${Math.round(r.average_percent)}% (${r.submitted} submitted)`;
    case 'visited':
      return r.visited_percent === null ? 'N/A' : `${Math.round(r.visited_percent)}% of parts visited`;
    case 'responded':
      return `${r.responded} responded`;
    case 'reflected':
      return `${r.submitted} reflected`;
  }
}

/** The item's result as a percentage for the chart: mean score, or share of parts visited. */
function resultPercent(item: TaskInsights['items'][number]): number | null {
  const r = item.result;
  if (r.kind === 'score') return r.average_percent;
  if (r.kind === 'visited') return r.visited_percent;
  return null;
}

/** /tasks/{taskId}/insights/: completion and results per item, and how well the class did on each question. */
export function TaskInsightsPage({ taskId, above }: { taskId: number; above?: ReactNode }) {
  const insights = useTaskInsights(taskId);
  useDocumentTitle(`Insights: ${insights.data?.task.title ?? 'task'} · Banksia`);
  if (insights.isError) throw insights.error;
  if (insights.isPending) return <LoadingState label="Loading the task's insights" />;
  const { task, items, questions } = insights.data;
  const examTitles = new Set(questions.map((q) => q.exam_title)).size > 1;

  return (
    <Stack gap="xl">
      {above}
      <div>
        <Title order={1}>Insights: {task.title}</Title>
        <Text c="dimmed" mt={4}>
          {task.class_title} · Due {formatDue(task.due_at, task.time_zone)} · {task.students_done ?? 0} of {task.roster}{' '}
          students have done everything
        </Text>
      </div>
      {task.roster === 0 && (
        <Text>
          No students are on this class's roster yet, so there is nothing to show. Add students to the class first.
        </Text>
      )}
      <PercentChart
        title="Completion and results by item"
        categoryLabel="Item"
        series={[
          { name: 'completed', label: 'Completed', color: 'teal.6' },
          { name: 'result', label: 'Result', color: 'blue.6' },
        ]}
        extraColumns={['Type', 'Done', 'Result in words']}
        rows={items.map((item) => ({
          key: item.id,
          category: item.title,
          categoryCell: (
            <Anchor component={Link} to={urlFor('task-item', { taskId, taskItemId: item.id })}>
              {item.title}
            </Anchor>
          ),
          values: {
            completed: item.roster ? (item.done_count / item.roster) * 100 : null,
            result: resultPercent(item),
          },
          extra: {
            Type: itemKindLabel(item),
            Done: `${item.done_count} of ${item.roster}`,
            'Result in words': resultText(item),
          },
        }))}
        emptyText="This task has no items."
      />
      <Text size="sm" c="dimmed">
        Result: the average mark for exams and question sets, and the share of parts visited for lessons. Activities and
        reflective sets have no score; the table says how many responded.
      </Text>
      <PercentChart
        title="How the class did on each question"
        categoryLabel="Question"
        series={[{ name: 'facility', label: 'Facility (average % of marks)', color: 'violet.6' }]}
        extraColumns={['Answered', 'Prompt']}
        rows={questions.map((q) => {
          const label = `${examTitles ? `${q.exam_title} ` : ''}Q${q.number}`;
          return {
            key: `${q.item_id}-${q.question_id}`,
            category: label,
            categoryCell: (
              <Anchor component={Link} to={urlFor('task-question-insights', { taskId, questionId: q.question_id })}>
                {label}
              </Anchor>
            ),
            values: { facility: q.facility_percent },
            extra: { Answered: `${q.answered} of ${task.roster}`, Prompt: q.prompt_text || '—' },
          };
        })}
        emptyText="This task has no exams or question sets, so there are no questions to show."
      />
      {questions.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">Open a question to see each student's answer and mark:</Text>
          <Text size="sm">
            {questions.map((q, i) => (
              <span key={`${q.item_id}-${q.question_id}`}>
                {i > 0 && ' · '}
                <Anchor component={Link} to={urlFor('task-question-insights', { taskId, questionId: q.question_id })}>
                  {examTitles ? `${q.exam_title} ` : ''}Q{q.number}
                </Anchor>
              </span>
            ))}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
