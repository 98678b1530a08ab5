import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { AnonymiserToggle } from '../../../components/anonymiser-toggle';
import { LoadingState } from '../../../components/loading-state';
import { ProgressBar } from '../../../components/progress-bar';
import { SafeHtml } from '../../../components/safe-html';
import { useAnonymiser } from '../../../lib/anonymiser';
import { useTaskQuestionInsights } from '../api/get-task-question-insights';

const markLabels: Record<string, string> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  partially_correct: 'Partly correct',
  needs_marking: 'Waiting for marking',
  unanswered: 'Not answered',
};

/** /tasks/{taskId}/insights/{questionId}: each student's answer to and mark for one question (names can be hidden). */
export function TaskQuestionInsightsPage({
  taskId,
  questionId,
  above,
}: {
  taskId: number;
  questionId: number;
  above?: ReactNode;
}) {
  const [anonymised, setAnonymised] = useAnonymiser();
  const insights = useTaskQuestionInsights({ taskId, questionId }, anonymised);
  const q = insights.data?.question;
  useDocumentTitle(`${q ? `${q.exam_title} Q${q.number}` : 'Question'} · Banksia`);
  if (insights.isError) throw insights.error;
  if (insights.isPending) return <LoadingState label="Loading the answers" />;
  const { question, students, facility_percent } = insights.data;
  const reflective = question.exam_kind === 'reflective_question_set';
  const submitted = students.filter((s) => s.submitted);

  return (
    <Stack gap="lg">
      {above}
      <div>
        <Title order={1}>
          {question.exam_title}: question {question.number}
        </Title>
        <Text c="dimmed" mt={4}>
          {insights.data.task.title} · {insights.data.task.class_title}
        </Text>
      </div>
      <Paper withBorder p="md">
        <SafeHtml html={question.prompt} />
        {!reflective && (
          <Text size="sm" c="dimmed" mt="xs">
            {question.marks} {question.marks === 1 ? 'mark' : 'marks'}
          </Text>
        )}
      </Paper>
      {!reflective && (
        <div>
          <Text size="sm" fw={500}>
            Facility (average share of the marks)
          </Text>
          <ProgressBar value={facility_percent} total={100} label="Facility of this question" />
        </div>
      )}
      <Stack gap="sm" component="section" aria-labelledby="answers-heading">
        <Group justify="space-between" align="flex-end">
          <Title order={2} id="answers-heading">
            Answers ({submitted.length} of {students.length} submitted)
          </Title>
          <AnonymiserToggle checked={anonymised} onChange={setAnonymised} />
        </Group>
        {students.length === 0 ? (
          <Text c="dimmed">No students are on this class's roster yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table withTableBorder striped captionSide="top">
              <Table.Caption>Each student's answer{reflective ? '' : ' and mark'}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Student</Table.Th>
                  <Table.Th scope="col">Answer</Table.Th>
                  {!reflective && <Table.Th scope="col">Mark</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {students.map((s) => (
                  <Table.Tr key={s.profile_id}>
                    <Table.Th scope="row" fw={400}>
                      {s.display_name}
                    </Table.Th>
                    <Table.Td>
                      {!s.submitted ? (
                        <Text span c="dimmed" size="sm">
                          Not submitted yet
                        </Text>
                      ) : s.answer_text ? (
                        s.answer_text
                      ) : (
                        <Text span c="dimmed" size="sm">
                          No answer
                        </Text>
                      )}
                    </Table.Td>
                    {!reflective && (
                      <Table.Td>
                        {s.submitted ? (
                          <Group gap="xs">
                            <Text span size="sm">
                              {s.marks_awarded === null ? '—' : `${s.marks_awarded} / ${question.marks}`}
                            </Text>
                            {s.mark_status && (
                              <Badge variant="light" color={s.mark_status === 'correct' ? 'teal' : 'gray'}>
                                {markLabels[s.mark_status] ?? s.mark_status}
                              </Badge>
                            )}
                          </Group>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
