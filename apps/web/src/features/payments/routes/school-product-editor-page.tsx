import {
  CLASS_FEATURE_VALUES,
  classFeatureLabels,
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
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-input';
import { fieldErrorsOf, type FieldErrors } from '../../../components/field-errors';
import { FormFailureAlert } from '../../../components/form-failure-alert';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useSchoolProducts } from '../api/get-school-products';
import { useSaveProducts } from '../api/save-school-products';
import { usePaymentsParams } from '../components/payments-nav';

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
