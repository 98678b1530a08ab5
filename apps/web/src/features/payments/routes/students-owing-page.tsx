import { classFeatureLabels, formatMoney } from '@banksia/contracts/payments-admin';
import { Anchor, Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useProducts } from '../api/get-products';
import { studentsOwingCsvUrl, useStudentsOwing } from '../api/get-students-owing-report';
import { PaymentsLinks, usePaymentsParams, YearPicker } from '../components/payments-nav';
import { CsvLink } from '../components/csv-link';
import { StudentRowHeader } from '../components/student-row-header';

/** Which school the students-owing report covers: all, or one (its own address). */
function SchoolPicker({ calendarYear, schoolId }: { calendarYear: number; schoolId: number | null }) {
  const navigate = useNavigate();
  const products = useProducts(calendarYear);
  const options = [
    { value: '', label: 'All schools' },
    ...(products.data?.schools ?? []).map((s) => ({ value: String(s.school_id), label: s.school_name })),
  ];
  return (
    <Select
      label="School"
      w={280}
      data={options}
      value={schoolId ? String(schoolId) : ''}
      onChange={(value) =>
        navigate(
          value
            ? urlFor('content-admin-students-owing-school', { calendarYear, schoolId: value })
            : urlFor('content-admin-students-owing', { calendarYear }),
        )
      }
      allowDeselect={false}
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** /content/admin/students-owing-report/{calendarYear}/ and /{schoolId}/: students with fees unpaid, per class. */
export function StudentsOwingRoute() {
  const { calendarYear, schoolId } = usePaymentsParams();
  useDocumentTitle(`Students owing ${calendarYear} · Banksia`);
  const report = useStudentsOwing(calendarYear, schoolId);
  if (report.isError && !report.data) throw report.error;
  const data = report.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Students owing for {calendarYear}</Title>
        <Text c="dimmed" mt={4} maw={760}>
          Every student whose class fees for the year are not fully paid, with the classes charged to them. A class
          marked locked is closed to the student until they pay.
        </Text>
      </div>
      <PaymentsLinks calendarYear={calendarYear} />
      <Group align="end" gap="md">
        <YearPicker calendarYear={calendarYear} route="content-admin-students-owing" />
        <SchoolPicker calendarYear={calendarYear} schoolId={schoolId} />
        <CsvLink href={studentsOwingCsvUrl(calendarYear, schoolId)} />
      </Group>
      {!data ? (
        <LoadingState label="Loading the report" />
      ) : data.students.length === 0 ? (
        <Text>Nobody owes anything for {calendarYear}.</Text>
      ) : (
        <Stack gap="sm" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }} aria-busy={report.isFetching}>
          <Text fw={600}>
            {data.totals
              .map(
                (t) =>
                  `${t.students} ${t.students === 1 ? 'student owes' : 'students owe'} ${formatMoney(t.owing_cents, t.currency)}`,
              )
              .join('; ')}
            .
          </Text>
          <Table.ScrollContainer minWidth={800}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>Students owing for {calendarYear}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Student</Table.Th>
                  <Table.Th scope="col">School</Table.Th>
                  <Table.Th scope="col">Classes</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Owing
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.students.map((s) => (
                  <Table.Tr key={`${s.profile_id}:${s.currency}`}>
                    <StudentRowHeader student={s} />
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={urlFor('content-admin-students-owing-school', { calendarYear, schoolId: s.school_id })}
                      >
                        {s.school_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {s.classes.map((c) => (
                        <Group key={c.class_id} gap={6} wrap="nowrap">
                          <Text size="sm">
                            {c.title} ({classFeatureLabels[c.feature]}, {formatMoney(c.charged_cents, s.currency)})
                          </Text>
                          {c.locked && (
                            <Badge color="red" variant="light" size="sm">
                              Locked
                            </Badge>
                          )}
                        </Group>
                      ))}
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatMoney(s.owing_cents, s.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
