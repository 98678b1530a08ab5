import { CLASS_FEATURE_VALUES, classFeatureLabels, formatMoney } from '@banksia/contracts/payments-admin';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useProducts } from '../api/get-products';
import { PaymentsLinks, usePaymentsParams, YearPicker } from '../components/payments-nav';

const date = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY') : 'None');

const price = (cents: number | null, currency: string) => (cents === null ? 'Free' : formatMoney(cents, currency));

/** /content/admin/school-class-product-editor/{calendarYear}/: every school's prices, due date and lock for a year. */
export function ProductEditorYearRoute() {
  const { calendarYear } = usePaymentsParams();
  useDocumentTitle(`Class prices ${calendarYear} · Banksia`);
  const products = useProducts(calendarYear);
  if (products.isError && !products.data) throw products.error;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Class prices for {calendarYear}</Title>
        <Text c="dimmed" mt={4} maw={760}>
          What a normal class of each feature set costs at each school this year, when payment is due, and whether
          unpaid classes lock after that date. Complimentary and trial classes are always free.
        </Text>
      </div>
      <PaymentsLinks calendarYear={calendarYear} />
      <YearPicker calendarYear={calendarYear} route="content-admin-product-editor" />
      {!products.data ? (
        <LoadingState label="Loading the schools' prices" />
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs" style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Caption>Prices, due dates and locks of every school for {calendarYear}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">School</Table.Th>
                {CLASS_FEATURE_VALUES.map((f) => (
                  <Table.Th key={f} scope="col" ta="right">
                    {classFeatureLabels[f]}
                  </Table.Th>
                ))}
                <Table.Th scope="col">Due</Table.Th>
                <Table.Th scope="col">Locks unpaid</Table.Th>
                <Table.Th scope="col" ta="right">
                  Paying students
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Locked
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.data.schools.map((s) => (
                <Table.Tr key={s.school_id}>
                  <Table.Th scope="row" fw={500}>
                    <Anchor
                      component={Link}
                      to={urlFor('content-admin-product-editor-school', { calendarYear, schoolId: s.school_id })}
                    >
                      {s.school_name}
                    </Anchor>
                  </Table.Th>
                  {CLASS_FEATURE_VALUES.map((f) => (
                    <Table.Td key={f} ta="right">
                      {price(s.prices[f], s.currency)}
                    </Table.Td>
                  ))}
                  <Table.Td>{date(s.due_date)}</Table.Td>
                  <Table.Td>{s.due_date ? (s.locks_unpaid ? 'Yes' : 'No') : '—'}</Table.Td>
                  <Table.Td ta="right">{s.paying_students}</Table.Td>
                  <Table.Td ta="right">{s.locked_students}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
