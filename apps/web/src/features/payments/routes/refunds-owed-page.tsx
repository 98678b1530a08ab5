import { formatMoney } from '@banksia/contracts/payments-admin';
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LoadingState } from '../../../components/loading-state';
import { refundsOwedCsvUrl, useRefundsOwed } from '../api/get-refunds-owed-report';
import { PaymentsLinks, usePaymentsParams, YearPicker } from '../components/payments-nav';
import { CsvLink } from '../components/csv-link';
import { StudentRowHeader } from '../components/student-row-header';

/** /content/admin/refunds-owed-report/{calendarYear}/: students owed money back (paid for classes they left). */
export function RefundsOwedRoute() {
  const { calendarYear } = usePaymentsParams();
  useDocumentTitle(`Refunds owed ${calendarYear} · Banksia`);
  const report = useRefundsOwed(calendarYear);
  if (report.isError && !report.data) throw report.error;
  const data = report.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Refunds owed for {calendarYear}</Title>
        <Text c="dimmed" mt={4} maw={760}>
          Students who paid more than their fees (they left a paid class, or paid twice). Refund runs pay them back.
        </Text>
      </div>
      <PaymentsLinks calendarYear={calendarYear} />
      <Group align="end" gap="md">
        <YearPicker calendarYear={calendarYear} route="content-admin-refunds-owed" />
        <CsvLink href={refundsOwedCsvUrl(calendarYear)} />
      </Group>
      {!data ? (
        <LoadingState label="Loading the report" />
      ) : data.students.length === 0 ? (
        <Text>No refunds are owed for {calendarYear}.</Text>
      ) : (
        <Stack gap="sm">
          <Text fw={600}>
            {data.totals
              .map(
                (t) =>
                  `${formatMoney(t.refund_owed_cents, t.currency)} owed to ${t.students} ${t.students === 1 ? 'student' : 'students'}`,
              )
              .join('; ')}
            .
          </Text>
          <Table.ScrollContainer minWidth={700}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>Refunds owed for {calendarYear}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Student</Table.Th>
                  <Table.Th scope="col">School</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Owed
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    In refund runs
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.students.map((s) => (
                  <Table.Tr key={`${s.profile_id}:${s.currency}`}>
                    <StudentRowHeader student={s} />
                    <Table.Td>{s.school_name}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatMoney(s.refund_owed_cents, s.currency)}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(s.in_runs_cents, s.currency)}</Table.Td>
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
