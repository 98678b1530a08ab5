import type { ExamResults as Results } from '@banksia/contracts/insights';
import { Anchor, Badge, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { urlFor } from '../../../lib/named-routes';
import { ChartWithTable } from '../../../components/chart-with-table';
import { excerpt, formatMarks, formatPercent, formatShare } from './format';
import { StatGrid } from './stat-grid';

export interface ExamResultsProps {
  classId: number;
  topicId: number;
  results: Results;
  /** Heading level of this block's headings (2 on the exam page, 3 under the lesson dashboard's "Question set"). */
  order?: 2 | 3;
}

const questionTypeLabels: Record<Results['questions'][number]['type'], string> = {
  multiple_choice: 'Multiple choice',
  short_text: 'Short text',
  numeric: 'Number',
  maths_expression: 'Maths expression',
  extended_response: 'Extended response',
  activity: 'Activity',
};

/**
 * The class's results of an exam or question set: headline figures, the score distribution in 10% bands, and per
 * question its facility and most common wrong answers, each question linking to its own page and to marking it.
 */
export function ExamResults({ classId, topicId, results, order = 2 }: ExamResultsProps) {
  const sub = order;
  const examId = results.exam_id;
  return (
    <Stack gap="lg">
      <StatGrid
        stats={[
          { label: 'Submitted', value: String(results.submitted) },
          { label: 'Started, not submitted', value: String(results.in_progress) },
          { label: 'Not started', value: String(results.not_started) },
          {
            label: 'Average score',
            value: formatPercent(results.average_percent),
            ...(results.awaiting_marking > 0
              ? { hint: `${results.awaiting_marking} still waiting for marking, so this may rise` }
              : {}),
          },
        ]}
      />
      <ChartWithTable
        title="Score distribution"
        order={sub}
        description={`Each student's last submitted attempt, out of ${formatMarks(results.marks_total)} marks.`}
        categoryLabel="Score"
        data={results.score_bands.map((band) => ({
          category: `${band.from}–${band.to}%`,
          students: band.students,
        }))}
        series={[{ name: 'students', label: 'Students', color: 'blue.6' }]}
        emptyText="No one has submitted yet."
      />
      <ChartWithTable
        title="Facility by question"
        order={sub}
        description="Average marks awarded as a share of the question's marks, over marked answers."
        categoryLabel="Question"
        data={results.questions.map((q) => ({
          category: `Q${q.number}`,
          facility: q.facility === null ? null : Math.round(q.facility * 100),
        }))}
        series={[{ name: 'facility', label: 'Facility', color: 'teal.6' }]}
        format={(value) => `${value}%`}
        max={100}
        emptyText="This has no questions yet."
      />
      <Stack gap="xs" component="section" aria-labelledby={`questions-${examId}`}>
        <Title order={sub} size="h4" id={`questions-${examId}`}>
          Questions
        </Title>
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm" captionSide="top">
            <Table.Caption>Each question's facility and most common wrong answers</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Question</Table.Th>
                <Table.Th scope="col">Facility</Table.Th>
                <Table.Th scope="col">Marked</Table.Th>
                <Table.Th scope="col">Most common wrong answers</Table.Th>
                <Table.Th scope="col">Marking</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.questions.map((q) => (
                <Table.Tr key={q.question_id}>
                  <Table.Th scope="row" fw={400}>
                    <Anchor
                      component={Link}
                      fw={600}
                      size="sm"
                      to={urlFor('class-exam-question-insights', {
                        classId,
                        topicId,
                        examId,
                        questionId: q.question_id,
                      })}
                    >
                      Question {q.number}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {questionTypeLabels[q.type]} · {formatMarks(q.marks)} {q.marks === 1 ? 'mark' : 'marks'}
                    </Text>
                    <Text size="xs" maw={320}>
                      {excerpt(q.prompt_text)}
                    </Text>
                  </Table.Th>
                  <Table.Td>{formatShare(q.facility)}</Table.Td>
                  <Table.Td>
                    {q.marked} of {q.submitted}
                    {q.needs_marking > 0 && (
                      <Badge ml={6} size="sm" variant="light" color="orange">
                        {q.needs_marking} to mark
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!q.auto_marked ? (
                      <Text size="sm" c="dimmed">
                        Marked by a teacher
                      </Text>
                    ) : q.common_wrong_answers.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        None
                      </Text>
                    ) : (
                      <List size="sm" spacing={2}>
                        {q.common_wrong_answers.map((answer) => (
                          <List.Item key={answer.label}>
                            <Text span size="sm" ff="monospace">
                              {answer.label}
                            </Text>{' '}
                            <Text span size="sm" c="dimmed">
                              × {answer.count}
                            </Text>
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      size="sm"
                      to={urlFor('class-exam-mark-question', { classId, examId, questionId: q.question_id })}
                      aria-label={`Mark question ${q.number}`}
                    >
                      Mark
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}
