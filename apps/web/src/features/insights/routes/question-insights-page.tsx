import type { QuestionInsights } from '@banksia/contracts/insights';
import type { MarkStatus } from '@banksia/contracts/exams';
import { Anchor, Badge, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { AnonymiserToggle } from '../../../components/anonymiser-toggle';
import { LoadingState } from '../../../components/loading-state';
import { SafeHtml } from '../../../components/safe-html';
import { useAnonymiser } from '../../../lib/anonymiser';
import { urlFor } from '../../../lib/named-routes';
import { useQuestionInsights } from '../api/get-question-insights';
import { ChartWithTable } from '../../../components/chart-with-table';
import { formatMarks, formatShare } from '../components/format';
import { StatGrid } from '../components/stat-grid';

export interface QuestionInsightsPageProps {
  classId: number;
  topicId: number;
  examId: number;
  questionId: number;
}

const statusLabels: Record<MarkStatus, string> = {
  correct: 'Right',
  incorrect: 'Wrong',
  partially_correct: 'Partly right',
  needs_marking: 'To mark',
  unanswered: 'Not answered',
};
const statusColors: Record<MarkStatus, string> = {
  correct: 'teal',
  incorrect: 'red',
  partially_correct: 'yellow',
  needs_marking: 'orange',
  unanswered: 'gray',
};

/**
 * /class/{classId}/topic/{topicId}/progress/em/{examId}/question/{questionId}/: one question across the class. Its
 * prompt, facility, how many got each mark, the most common answers, and each student's answer with its mark.
 */
export function QuestionInsightsPage({ classId, topicId, examId, questionId }: QuestionInsightsPageProps) {
  const [anonymised, setAnonymised] = useAnonymiser();
  const insights = useQuestionInsights({ classId, topicId, examId, questionId }, anonymised);
  useDocumentTitle(
    insights.data
      ? `Question ${insights.data.question.number} · ${insights.data.exam.title} · Banksia`
      : 'Question insights · Banksia',
  );
  if (insights.isError) throw insights.error;
  const data = insights.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>
            {data ? `Question ${data.question.number} of ${data.question.question_count}` : 'Question insights'}
          </Title>
          {data && (
            <Text c="dimmed" mt={4}>
              {data.exam.title} · {data.topic.title} · {formatMarks(data.question.marks)}{' '}
              {data.question.marks === 1 ? 'mark' : 'marks'}
            </Text>
          )}
        </div>
        <AnonymiserToggle checked={anonymised} onChange={setAnonymised} />
      </Group>
      {data ? (
        <Question data={data} classId={classId} topicId={topicId} />
      ) : (
        <LoadingState label="Loading the question's answers" />
      )}
    </Stack>
  );
}

function Question({ data, classId, topicId }: { data: QuestionInsights; classId: number; topicId: number }) {
  const { question } = data;
  const examId = data.exam.id;
  const questionLink = (id: number) =>
    urlFor('class-exam-question-insights', { classId, topicId, examId, questionId: id });
  return (
    <>
      <Group gap="md" component="nav" aria-label="Questions">
        <Anchor component={Link} to={urlFor('class-exam-insights', { classId, topicId, examId })} size="sm">
          All questions
        </Anchor>
        {question.previous_question_id !== null && (
          <Anchor component={Link} to={questionLink(question.previous_question_id)} size="sm">
            Previous question
          </Anchor>
        )}
        {question.next_question_id !== null && (
          <Anchor component={Link} to={questionLink(question.next_question_id)} size="sm">
            Next question
          </Anchor>
        )}
        <Anchor
          component={Link}
          to={urlFor('class-exam-mark-question', { classId, examId, questionId: question.question_id })}
          size="sm"
        >
          Mark this question
        </Anchor>
      </Group>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="prompt-heading">
        <Title order={2} size="h4" id="prompt-heading" mb="xs">
          The question
        </Title>
        <SafeHtml html={question.prompt} />
        {question.options.length > 0 && (
          <List mt="sm" spacing={4} aria-label="Options">
            {question.options.map((option) => (
              <List.Item key={option.id}>
                {option.text}
                {option.correct && (
                  <Badge ml="xs" size="sm" color="teal" variant="light">
                    Right answer
                  </Badge>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Paper>

      <StatGrid
        stats={[
          { label: 'Facility', value: formatShare(data.facility), hint: 'Average mark as a share of the marks' },
          { label: 'Submitted', value: `${data.submitted} of ${data.student_count}` },
          { label: 'Marked', value: String(data.marked) },
          { label: 'Waiting for marking', value: String(data.needs_marking) },
        ]}
      />

      <ChartWithTable
        title="Marks awarded"
        order={2}
        description="How many marked answers got each mark."
        categoryLabel="Marks"
        data={data.mark_distribution.map((m) => ({ category: formatMarks(m.marks), students: m.students }))}
        series={[{ name: 'students', label: 'Students', color: 'blue.6' }]}
      />

      {question.auto_marked && (
        <ChartWithTable
          title="Most common answers"
          order={2}
          description="Answers that mean the same are counted together (spacing, case and number format aside)."
          categoryLabel="Answer"
          data={data.common_answers.map((a) => ({
            category: `${a.label} (${a.correct ? 'right' : 'wrong'})`,
            students: a.count,
          }))}
          series={[{ name: 'students', label: 'Students', color: 'indigo.6' }]}
          emptyText="No answers yet."
        />
      )}

      <Stack gap="xs" component="section" aria-labelledby="answers-heading">
        <Title order={2} size="h3" id="answers-heading">
          Each student's answer
        </Title>
        {data.answers.length === 0 ? (
          <Text c="dimmed">No one has submitted yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped verticalSpacing="sm" captionSide="top">
              <Table.Caption>Answers in each student's last submitted attempt</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Student</Table.Th>
                  <Table.Th scope="col">Answer</Table.Th>
                  <Table.Th scope="col">Mark</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.answers.map((a) => (
                  <Table.Tr key={a.student.profile_id}>
                    <Table.Th scope="row" fw={500}>
                      {a.student.display_name}
                    </Table.Th>
                    <Table.Td>
                      {a.answer_html !== null ? (
                        <SafeHtml html={a.answer_html} />
                      ) : a.answer_text !== null ? (
                        <Text size="sm" ff="monospace">
                          {a.answer_text}
                        </Text>
                      ) : (
                        <Text size="sm" c="dimmed">
                          No answer
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">
                          {a.marks_awarded === null
                            ? '—'
                            : `${formatMarks(a.marks_awarded)} / ${formatMarks(question.marks)}`}
                        </Text>
                        {a.mark_status && (
                          <Badge size="sm" variant="light" color={statusColors[a.mark_status]}>
                            {statusLabels[a.mark_status]}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      {data.not_submitted.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="not-submitted-heading">
          <Title order={2} size="h3" id="not-submitted-heading">
            No submitted attempt ({data.not_submitted.length})
          </Title>
          <List aria-labelledby="not-submitted-heading" spacing={4}>
            {data.not_submitted.map((s) => (
              <List.Item key={s.profile_id}>{s.display_name}</List.Item>
            ))}
          </List>
        </Stack>
      )}
    </>
  );
}
