import {
  CLASS_FEATURE_VALUES,
  classFeatureLabels,
  formatMoney,
  parseDollars,
  type ClassFeature,
  type SchoolProducts,
} from '@banksia/contracts/payments-admin';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-input';
import { fieldErrorsOf, type FieldErrors } from '../../../components/field-errors';
import { FormFailureAlert } from '../../../components/form-failure-alert';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useProducts } from '../api/get-products';
import { useSchoolProducts } from '../api/get-school-products';
import { useSaveProducts } from '../api/save-school-products';
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

/** /content/admin/school-class-product-editor/{calendarYear}/{schoolId}/: one school's prices and due date. */
export function ProductEditorSchoolRoute() {
  const { calendarYear, schoolId } = usePaymentsParams();
  const products = useSchoolProducts(calendarYear, schoolId!);
  useDocumentTitle(`${products.data?.school_name ?? 'School'} prices ${calendarYear} · Banksia`);
  if (products.isError && !products.data) throw products.error;
  return (
    <Stack gap="lg">
      <div>
        <Anchor
          component={Link}
          to={urlFor('content-admin-product-editor', { calendarYear })}
          size="sm"
        >{`All schools' prices for ${calendarYear}`}</Anchor>
        <Title order={1} mt="xs">
          {products.data ? `${products.data.school_name}: class prices for ${calendarYear}` : 'Class prices'}
        </Title>
      </div>
      {!products.data ? (
        <LoadingState label="Loading the school's prices" />
      ) : (
        <ProductForm key={`${calendarYear}:${schoolId}`} products={products.data} />
      )}
    </Stack>
  );
}

type Draft = {
  prices: Record<ClassFeature, string>;
  currency: string;
  dueDate: string | null;
  locks: boolean;
  note: string;
};

const toText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

function ProductForm({ products }: { products: SchoolProducts }) {
  const save = useSaveProducts(products.calendar_year, products.school_id);
  const [draft, setDraft] = useState<Draft>({
    prices: {
      STANDARD: toText(products.prices.STANDARD),
      EXTENDED: toText(products.prices.EXTENDED),
      EXTENDED_TEXTBOOK: toText(products.prices.EXTENDED_TEXTBOOK),
    },
    currency: products.currency,
    dueDate: products.due_date,
    locks: products.locks_unpaid,
    note: products.note,
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const prices = {} as Record<ClassFeature, number | null>;
    for (const f of CLASS_FEATURE_VALUES) {
      const text = draft.prices[f].trim();
      if (text === '') prices[f] = null;
      else {
        const cents = parseDollars(text);
        if (cents === null) found[`prices.${f}`] = 'Enter dollars and cents, e.g. 120.00.';
        prices[f] = cents;
      }
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { currency: draft.currency, prices, due_date: draft.dueDate, locks_unpaid: draft.locks, note: draft.note },
      { onError: (failure) => setErrors(fieldErrorsOf(failure)) },
    );
  };

  const result = save.data?.sync;
  return (
    <Paper withBorder p="lg" maw={760}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Prices are in dollars. Leave a price empty when the school has no paid class of that feature set.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {CLASS_FEATURE_VALUES.map((f) => (
              <TextInput
                key={f}
                label={classFeatureLabels[f]}
                leftSection="$"
                inputMode="decimal"
                placeholder="Free"
                value={draft.prices[f]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setDraft((d) => ({ ...d, prices: { ...d.prices, [f]: value } }));
                }}
                error={errors[`prices.${f}`]}
              />
            ))}
          </SimpleGrid>
          <TextInput
            label="Currency"
            w={120}
            maxLength={3}
            value={draft.currency}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, currency: value.toUpperCase() }));
            }}
            error={errors.currency}
          />
          <DateField
            label="Payment due"
            description="With no date, nothing locks."
            w={220}
            clearable
            value={draft.dueDate}
            onChange={(value) => setDraft((d) => ({ ...d, dueDate: value }))}
            error={errors.due_date}
          />
          <Checkbox
            label="Lock unpaid classes after the due date"
            checked={draft.locks}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setDraft((d) => ({ ...d, locks: checked }));
            }}
          />
          <Textarea
            label="Note"
            autosize
            minRows={2}
            value={draft.note}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, note: value }));
            }}
            error={errors.note}
          />
          <FormFailureAlert error={save.error} fieldErrors={errors} title="The prices were not saved" />
          {result && !save.isPending && (
            <Alert color="teal" title="Saved">
              {result.queued
                ? "Every student's charges are being brought up to date in the background."
                : `${result.charged} ${result.charged === 1 ? 'charge' : 'charges'} and ${result.credited} ${
                    result.credited === 1 ? 'credit' : 'credits'
                  } posted; ${result.locked} ${result.locked === 1 ? 'class' : 'classes'} locked, ${result.released} reopened.`}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save prices
            </Button>
            <Badge variant="light" color={products.locked_students ? 'red' : 'gray'}>
              {products.paying_students} paying, {products.locked_students} locked
            </Badge>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
