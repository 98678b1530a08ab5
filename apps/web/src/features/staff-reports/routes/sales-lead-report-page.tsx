import type { TeacherTrialLead } from '@banksia/contracts/staff-reports';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import dayjs from 'dayjs';
import { LoadingState } from '../../../components/loading-state';
import { useSalesLeadReport } from '../api/get-sales-lead-report';
import { csvUrl } from '../api/report-filters';
import { CsvDownloadButton, ReportYearSelect, useReportYear } from '../components/report-filters';

const date = (iso: string) => dayjs(iso).format('DD/MM/YYYY');

/**
 * /sales-lead/report/: the teacher trials of a calendar year by school, with how much each was used (classes made,
 * students active, lessons opened, exams sat since the trial began) and whether it converted to a paying class.
 */
export function SalesLeadReportRoute() {
  useDocumentTitle('Teacher trial leads · Banksia');
  const [year, setYear] = useReportYear();
  const report = useSalesLeadReport(year);

  if (report.isError && !report.data) throw report.error;

  const trials = report.data?.schools.flatMap((s) => s.trials) ?? [];
  const converted = trials.filter((t) => t.converted).length;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Teacher trial leads</Title>
        <Text c="dimmed" mt={4} maw={760}>
          Each teacher trial class of the year, with what its teachers and their students did since the trial began, and
          whether the school went on to a normal or complimentary class with that teacher.
        </Text>
      </div>
      <Group align="end" gap="md">
        <ReportYearSelect year={year} onChange={setYear} />
        <CsvDownloadButton href={csvUrl.salesLeads({ year })} label="Download CSV" />
      </Group>
      {!report.data ? (
        <LoadingState label="Loading the report" />
      ) : trials.length === 0 ? (
        <Text>No teacher trials in {report.data.year}.</Text>
      ) : (
        <Stack gap="lg" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }} aria-busy={report.isFetching}>
          <Text fw={600}>
            {trials.length} {trials.length === 1 ? 'trial' : 'trials'} at {report.data.schools.length}{' '}
            {report.data.schools.length === 1 ? 'school' : 'schools'}; {converted} converted.
          </Text>
          {report.data.schools.map((school) => (
            <Paper key={school.school_id} withBorder p="md">
              <Title order={2} size="h3" mb="sm">
                {school.school_name}
              </Title>
              <Table.ScrollContainer minWidth={900}>
                <Table striped verticalSpacing="xs">
                  <Table.Caption>Teacher trials at {school.school_name}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Trial class</Table.Th>
                      <Table.Th scope="col">Teachers</Table.Th>
                      <Table.Th scope="col">Dates</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Classes made
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Students active
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Lessons opened
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Exams sat
                      </Table.Th>
                      <Table.Th scope="col">Converted</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {school.trials.map((trial) => (
                      <TrialRow key={trial.class_id} trial={trial} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TrialRow({ trial }: { trial: TeacherTrialLead }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {trial.class_title}
        <Text size="xs" c="dimmed">
          {trial.course_title}
        </Text>
      </Table.Th>
      <Table.Td>
        {trial.teachers.length === 0 ? (
          <Text span c="dimmed">
            No teacher yet
          </Text>
        ) : (
          trial.teachers.map((name, i) => (
            <div key={trial.teacher_emails[i] ?? name}>
              {name}
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {trial.teacher_emails[i]}
              </Text>
            </div>
          ))
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        From {date(trial.started_on)}
        <Text size="xs" c={trial.expired ? 'red.8' : 'dimmed'}>
          {trial.expires_on ? `${trial.expired ? 'Expired' : 'Expires'} ${date(trial.expires_on)}` : 'No expiry'}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{trial.classes_made}</Table.Td>
      <Table.Td ta="right">{trial.students_active}</Table.Td>
      <Table.Td ta="right">{trial.lessons_opened}</Table.Td>
      <Table.Td ta="right">{trial.exams_sat}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={trial.converted ? 'teal' : 'gray'}>
          {trial.converted ? 'Yes' : 'Not yet'}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
