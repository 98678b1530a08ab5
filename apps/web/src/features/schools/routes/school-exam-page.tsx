import type { ScoreSummary } from '@banksia/contracts/schools';
import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useSchoolExam } from '../api/get-school-exam';
import { ScoreDistributionChart } from '../components/score-distribution-chart';
import { formatPercent, YearLinks } from '../components/year-links';

export interface SchoolExamPageProps {
  schoolSlug: string;
  examId: number;
  /** The year in the address; null for the current year. */
  year: number | null;
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function Cells({ s }: { s: ScoreSummary }) {
  return (
    <>
      <Table.Td ta="right">{s.roster_size}</Table.Td>
      <Table.Td ta="right">{s.submitted}</Table.Td>
      <Table.Td ta="right">{formatPercent(s.average_percent)}</Table.Td>
      <Table.Td ta="right">{formatPercent(s.median_percent)}</Table.Td>
      <Table.Td ta="right">{s.awaiting_marking}</Table.Td>
    </>
  );
}

/** /school/{schoolSlug}/{year}/exam/{examId}/: one exam compared across the school's classes. No student names. */
export function SchoolExamPage({ schoolSlug, examId, year }: SchoolExamPageProps) {
  const query = useSchoolExam({ schoolSlug, examId, year });
  useDocumentTitle(query.data ? `${query.data.exam.title} · ${query.data.school.name} · Banksia` : 'Exam · Banksia');
  if (query.isError) throw query.error;
  if (!query.data) return <LoadingState label="Loading the exam's results" />;
  const data = query.data;
  const { overall } = data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{data.exam.title}</Title>
        <Text c="dimmed" mt={4}>
          {data.exam.course_title} at{' '}
          <Anchor component={Link} to={`${urlFor('school', { schoolSlug })}?year=${data.year}`}>
            {data.school.name}
          </Anchor>
          , {data.year}. Scores are each student's latest submitted sitting, out of {data.exam.marks_total} marks.
        </Text>
      </div>
      <YearLinks
        label="Years"
        years={data.years}
        current={data.year}
        hrefFor={(y) => urlFor('school-year-exam', { schoolSlug, year: y, examId })}
      />
      {data.classes.length === 0 ? (
        <Text c="dimmed">
          No class at {data.school.name} takes {data.exam.course_title} in {data.year}.
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat label="Submitted" value={`${overall.submitted} of ${overall.roster_size}`} />
            <Stat label="Average" value={formatPercent(overall.average_percent)} />
            <Stat label="Median" value={formatPercent(overall.median_percent)} />
            <Stat
              label="Waiting for marking"
              value={String(overall.awaiting_marking)}
              hint={overall.awaiting_marking ? 'Their scores may still rise.' : undefined}
            />
          </SimpleGrid>
          <Stack gap="sm" component="section" aria-labelledby="exam-classes">
            <Title order={2} id="exam-classes">
              Classes
            </Title>
            <Paper withBorder>
              <Table.ScrollContainer minWidth={760}>
                <Table striped verticalSpacing="sm" horizontalSpacing="md">
                  <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} px="md" pt="xs" m={0}>
                    {data.exam.title} by class
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Class</Table.Th>
                      <Table.Th scope="col">Teachers</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Students
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Submitted
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Average
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Median
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Waiting for marking
                      </Table.Th>
                      <Table.Th scope="col">Marking</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.classes.map((c) => (
                      <Table.Tr key={c.class_id}>
                        <Table.Th scope="row">{c.title}</Table.Th>
                        <Table.Td>{c.teacher_names.join(', ') || '–'}</Table.Td>
                        <Cells s={c} />
                        <Table.Td>
                          {c.can_mark ? (
                            <Anchor
                              component={Link}
                              to={urlFor('class-exam-mark', { classId: c.class_id, examId })}
                              aria-label={`Mark ${c.title}`}
                            >
                              Mark
                            </Anchor>
                          ) : (
                            <Text span c="dimmed" size="sm">
                              Not your class
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                    <Table.Tr fw={700}>
                      <Table.Th scope="row">All classes</Table.Th>
                      <Table.Td />
                      <Cells s={overall} />
                      <Table.Td />
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </Stack>
          <ScoreDistributionChart data={data} />
        </>
      )}
    </Stack>
  );
}
