import type { PaymentSummary } from '@banksia/contracts/payments-checkout';
import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formErrorOf } from '../../../components/field-errors';
import { useStartCheckout } from '../api/start-checkout';
import { formatMoney } from './money';

/**
 * What a student owes for a year, class by class, and the button that pays it through the provider's page. Shows
 * only the student's first name, the school and the classes: a payment link may be in a parent's hands.
 */
export function PaymentSummaryCard({ summary, heading }: { summary: PaymentSummary; heading: string }) {
  const checkout = useStartCheckout();
  const money = (cents: number) => formatMoney(cents, summary.currency);
  const headingId = `payment-${summary.code}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {heading}
          </Title>
          <Text c="dimmed">
            {summary.first_name} · {summary.school_name} · {summary.calendar_year}
          </Text>
        </div>
        {summary.classes.length === 0 ? (
          <Text>There are no class fees for {summary.calendar_year}.</Text>
        ) : (
          <Table aria-label={`Class fees ${summary.calendar_year}`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Class</Table.Th>
                <Table.Th scope="col" ta="right">
                  Fee
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.classes.map((c) => (
                <Table.Tr key={c.class_name}>
                  <Table.Td>{c.class_name}</Table.Td>
                  <Table.Td ta="right">{money(c.amount_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">Paid</Table.Th>
                <Table.Td ta="right">{money(summary.paid_cents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Still to pay</Table.Th>
                <Table.Td ta="right" fw={700}>
                  {money(summary.owing_cents)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        )}
        {checkout.isError && (
          <Alert color="red" title="The payment could not start">
            {formErrorOf(checkout.error)}
          </Alert>
        )}
        {summary.owing_cents > 0 ? (
          <Group>
            <Button onClick={() => checkout.mutate(summary.code)} loading={checkout.isPending || checkout.isSuccess}>
              Pay {money(summary.owing_cents)}
            </Button>
          </Group>
        ) : (
          summary.classes.length > 0 && (
            <Alert color="teal" title="All paid">
              Nothing is owed for {summary.calendar_year}.
            </Alert>
          )
        )}
      </Stack>
    </Card>
  );
}
