import type { SchoolEmailReport } from '@banksia/contracts/staff-reports';
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { SchoolSelector } from '../../../components/school-selector';
import { urlFor } from '../../../lib/named-routes';
import { useEmailDomainReport } from '../api/get-email-domain-report';
import { csvUrl } from '../api/report-filters';
import { EmailDomainsEditor } from '../components/email-domains-editor';
import { SchoolTimeZoneEditor } from '../components/school-time-zone-editor';
import { CsvDownloadButton, ReportYearSelect, useReportYear } from '../components/report-filters';

const PROBLEM = {
  missing: { label: 'No email', color: 'red' },
  other_domain: { label: 'Other domain', color: 'orange' },
} as const;

/**
 * /content/admin/profiles-without-email-at-domain-report/: per school, the students and teachers in a class of the
 * year whose email is missing or not at one of the school's domains, with the school's domains and time zone editable
 * in place and the same rows as a CSV download. Filters live in the URL (`?year=&school=`).
 */
export function EmailDomainReportRoute() {
  useDocumentTitle('Profiles without a school email · Banksia');
  const [year, setYear] = useReportYear();
  const [params, setParams] = useSearchParams();
  const schoolId = Number(params.get('school')) || null;
  const filters = { year, schoolId };
  const report = useEmailDomainReport(filters);

  if (report.isError && !report.data) throw report.error;

  const setSchool = (id: number | null) =>
    setParams(
      (old) => {
        const copy = new URLSearchParams(old);
        if (id) copy.set('school', String(id));
        else copy.delete('school');
        return copy;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Profiles without a school email</Title>
        <Text c="dimmed" mt={4} maw={760}>
          Students and teachers in a class of the year whose email is missing or not at one of their school&apos;s
          domains. Schools need their own addresses for invitations and password links to reach the right people.
        </Text>
      </div>
      <Group align="end" gap="md">
        <ReportYearSelect year={year} onChange={setYear} />
        <SchoolSelector label="School" w={300} value={schoolId} onChange={setSchool} clearable />
        <CsvDownloadButton href={csvUrl.emailDomains(filters)} label="Download CSV" />
      </Group>
      {!report.data ? (
        <LoadingState label="Loading the report" />
      ) : report.data.schools.length === 0 ? (
        <Text>No school has students or teachers in a class of {report.data.year}.</Text>
      ) : (
        <Stack gap="lg" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }} aria-busy={report.isFetching}>
          {report.data.schools.map((school) => (
            <SchoolSection key={school.school_id} school={school} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function SchoolSection({ school }: { school: SchoolEmailReport }) {
  const listed = school.profiles.length;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3">
            {school.school_name}
          </Title>
          <Text size="sm" fw={listed ? 600 : 400} c={listed ? undefined : 'teal.9'}>
            {listed === 0
              ? `All ${school.profiles_checked} profiles use the school's domains`
              : `${listed} of ${school.profiles_checked} profiles`}
          </Text>
        </Group>
        <EmailDomainsEditor
          schoolId={school.school_id}
          schoolName={school.school_name}
          domains={school.email_domains}
        />
        <SchoolTimeZoneEditor schoolId={school.school_id} schoolName={school.school_name} timeZone={school.time_zone} />
        {listed > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>Profiles of {school.school_name} without a school email</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Kind</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {school.profiles.map((p) => (
                  <Table.Tr key={p.profile_id}>
                    <Table.Th scope="row" fw={500}>
                      <Anchor component={Link} to={urlFor('content-admin-user', { id: p.user_id })}>
                        {p.last_name}, {p.first_name}
                      </Anchor>
                    </Table.Th>
                    <Table.Td tt="capitalize">{p.kind}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {p.email || (
                        <Text span c="dimmed">
                          none
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={PROBLEM[p.problem].color}>
                        {PROBLEM[p.problem].label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
