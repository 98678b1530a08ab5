import type { ExamInsights } from '@banksia/contracts/insights';
import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { AnonymiserToggle } from '../../../components/anonymiser-toggle';
import { LoadingState } from '../../../components/loading-state';
import { useAnonymiser } from '../../../lib/anonymiser';
import { urlFor } from '../../../lib/named-routes';
import { useExamInsights } from '../api/get-exam-insights';
import { ExamResults } from '../components/exam-results';
import { formatPercent, needsHelpLabels } from '../components/format';

export interface ExamInsightsPageProps {
  classId: number;
  topicId: number;
  examId: number;
}

/**
 * /class/{classId}/topic/{topicId}/exam/{examId}/em-insights/: how the class did in an exam. Score distribution,
 * each question's facility and common wrong answers, and who needs help; names hidden with the anonymiser.
 */
export function ExamInsightsPage({ classId, topicId, examId }: ExamInsightsPageProps) {
  const [anonymised, setAnonymised] = useAnonymiser();
  const insights = useExamInsights({ classId, topicId, examId }, anonymised);
  useDocumentTitle(insights.data ? `Insights · ${insights.data.results.title} · Banksia` : 'Exam insights · Banksia');
  if (insights.isError) throw insights.error;
  const data = insights.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{data ? `Insights: ${data.results.title}` : 'Exam insights'}</Title>
          {data && (
            <Text c="dimmed" mt={4}>
              {data.topic.title} · {data.student_count} {data.student_count === 1 ? 'student' : 'students'}
            </Text>
          )}
        </div>
        <AnonymiserToggle checked={anonymised} onChange={setAnonymised} />
      </Group>
      {data ? (
        <>
          <Group gap="md">
            <Anchor component={Link} to={urlFor('class-exam-mark', { classId, examId })} size="sm">
              Go to marking
            </Anchor>
          </Group>
          <ExamResults classId={classId} topicId={topicId} results={data.results} />
          <NeedsHelp data={data} classId={classId} examId={examId} />
        </>
      ) : (
        // Nothing earlier is kept while loading: real names must not show after "Hide student names".
        <LoadingState label="Loading the exam's insights" />
      )}
    </Stack>
  );
}

function NeedsHelp({ data, classId, examId }: { data: ExamInsights; classId: number; examId: number }) {
  const entries = data.needs_help;
  return (
    <Stack gap="xs" component="section" aria-labelledby="needs-help-heading">
      <Title order={2} size="h3" id="needs-help-heading">
        Who needs help
      </Title>
      <Text size="sm" c="dimmed">
        Students who scored below 50% on their last submitted attempt, then those who have not submitted or not started.
      </Text>
      {entries.length === 0 ? (
        <Text>Everyone has submitted and scored at least 50%.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped captionSide="top">
            <Table.Caption>Students who need help ({entries.length})</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Student</Table.Th>
                <Table.Th scope="col">Why</Table.Th>
                <Table.Th scope="col">Score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.student.profile_id}>
                  <Table.Th scope="row" fw={500}>
                    {entry.student.display_name}
                  </Table.Th>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={
                        entry.reason === 'below_half' ? 'red' : entry.reason === 'not_submitted' ? 'orange' : 'gray'
                      }
                    >
                      {needsHelpLabels[entry.reason]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {formatPercent(entry.percent)}
                    {entry.awaiting_marking && (
                      <Text span size="xs" c="dimmed" ml={6}>
                        (some answers still to mark)
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="sm">
        <Anchor component={Link} to={urlFor('class-progress-exam', { classId, examId })}>
          See every student's progress in this exam
        </Anchor>
      </Text>
    </Stack>
  );
}
