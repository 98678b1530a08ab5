import { classTypeLabels } from '@banksia/contracts/rules/class-kinds';
import type { SchoolDashboard } from '@banksia/contracts/schools';
import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { ProgressBar } from '../../../components/progress-bar';
import { urlFor } from '../../../lib/named-routes';
import { useSchoolDashboard } from '../api/get-school-dashboard';
import { formatDay, YearLinks } from '../components/year-links';

export interface SchoolDashboardPageProps {
  schoolSlug: string;
  /** The year in the address; null for the current year. */
  year: number | null;
}

/** /school/{schoolSlug}/: every class of the school in a year, with how far its students have got. */
export function SchoolDashboardPage({ schoolSlug, year }: SchoolDashboardPageProps) {
  const dashboard = useSchoolDashboard(schoolSlug, year);
  useDocumentTitle(
    dashboard.data ? `${dashboard.data.school.name} · ${dashboard.data.year} · Banksia` : 'School · Banksia',
  );
  if (dashboard.isError) throw dashboard.error;
  if (!dashboard.data) return <LoadingState label="Loading the school dashboard" />;
  const data = dashboard.data;
  const hrefFor = (y: number) => `${urlFor('school', { schoolSlug })}?year=${y}`;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{data.school.name}</Title>
        <Text c="dimmed" mt={4}>
          Classes in {data.year}: how many students each has, how much of the course they have opened, and their exams.
        </Text>
      </div>
      <YearLinks label="Years" years={data.years} current={data.year} hrefFor={hrefFor} />
      <ClassesTable data={data} />
      <ExamsTable data={data} schoolSlug={schoolSlug} />
    </Stack>
  );
}

function ClassesTable({ data }: { data: SchoolDashboard }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="school-classes">
      <Title order={2} id="school-classes">
        Classes
      </Title>
      {data.classes.length === 0 ? (
        <Text c="dimmed">
          {data.school.name} has no classes in {data.year}.
        </Text>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={860}>
            <Table striped verticalSpacing="sm" horizontalSpacing="md">
              <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} px="md" pt="xs" m={0}>
                {data.classes.length} {data.classes.length === 1 ? 'class' : 'classes'} in {data.year}. Lesson parts
                opened is the average share of the course's lesson parts each student has opened.
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Class</Table.Th>
                  <Table.Th scope="col">Course</Table.Th>
                  <Table.Th scope="col">Teachers</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Students
                  </Table.Th>
                  <Table.Th scope="col">Lesson parts opened</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Exams submitted
                  </Table.Th>
                  <Table.Th scope="col">Last activity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.classes.map((c) => {
                  const share = c.chunks_opened_share === null ? null : Math.round(c.chunks_opened_share * 1000) / 10;
                  return (
                    <Table.Tr key={c.id}>
                      <Table.Th scope="row">
                        {/* The class type sits under the title: side by side, a narrow column cut it to "TEACHE…". */}
                        <Stack gap={4} align="flex-start">
                          {c.can_open ? (
                            <Anchor component={Link} to={urlFor('class-course', { classId: c.id })} fw={600}>
                              {c.title}
                            </Anchor>
                          ) : (
                            <Text span fw={600}>
                              {c.title}
                            </Text>
                          )}
                          {c.class_type !== 'N' && (
                            <Badge variant="light" size="sm">
                              {classTypeLabels[c.class_type]}
                            </Badge>
                          )}
                        </Stack>
                      </Table.Th>
                      <Table.Td>{c.course_title}</Table.Td>
                      <Table.Td>
                        {c.teacher_names.length ? c.teacher_names.join(', ') : <Text c="dimmed">None</Text>}
                      </Table.Td>
                      <Table.Td ta="right">{c.student_count}</Table.Td>
                      <Table.Td miw={160}>
                        {share === null ? (
                          <Text c="dimmed">N/A</Text>
                        ) : (
                          <ProgressBar value={share} total={100} size="sm" label={`${c.title}: lesson parts opened`} />
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{c.exams_submitted}</Table.Td>
                      <Table.Td>
                        {c.last_activity_at ? formatDay(c.last_activity_at) : <Text c="dimmed">No activity yet</Text>}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

function ExamsTable({ data, schoolSlug }: { data: SchoolDashboard; schoolSlug: string }) {
  if (data.exams.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="school-exams">
      <Title order={2} id="school-exams">
        Exams
      </Title>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={600}>
          <Table striped verticalSpacing="sm" horizontalSpacing="md">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} px="md" pt="xs" m={0}>
              Exams of the courses taught in {data.year}: open one to compare the classes' results.
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Exam</Table.Th>
                <Table.Th scope="col">Course</Table.Th>
                <Table.Th scope="col" ta="right">
                  Classes
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Submitted
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.exams.map((e) => (
                <Table.Tr key={e.exam_id}>
                  <Table.Th scope="row">
                    <Anchor
                      component={Link}
                      to={urlFor('school-year-exam', { schoolSlug, year: data.year, examId: e.exam_id })}
                    >
                      {e.title}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{e.course_title}</Table.Td>
                  <Table.Td ta="right">{e.class_count}</Table.Td>
                  <Table.Td ta="right">{e.submitted}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
