import { Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useMyPayments } from '../api/get-my-payments';
import { PaymentSummaryCard } from '../components/payment-summary-card';
import { CanceledNotice } from '../components/canceled-notice';

/** /payment/: the signed-in student's fees this year, a pay button, and their payment link to give a parent. */
export function MyPaymentRoute() {
  useDocumentTitle('Payment · Banksia');
  const payments = useMyPayments();
  if (payments.isError) throw payments.error;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Payment</Title>
      <CanceledNotice />
      {payments.isPending ? (
        <LoadingState label="Loading what you owe" />
      ) : payments.data.links.length === 0 ? (
        <Text>There is nothing to pay: you are not a student at a school.</Text>
      ) : (
        payments.data.links.map((summary) => (
          <Stack key={summary.code} gap="md">
            <PaymentSummaryCard summary={summary} heading={`Class fees ${summary.calendar_year}`} />
            {summary.owing_cents > 0 && <ShareLink code={summary.code} />}
          </Stack>
        ))
      )}
    </Stack>
  );
}

/** The payment link, to copy and send to whoever pays (it works without signing in). */
function ShareLink({ code }: { code: string }) {
  const url = `${window.location.origin}${urlFor('payment-link', { code })}`;
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Payment link for a parent or guardian"
          description="Anyone with this link can see these fees and pay them, without signing in."
          value={url}
          readOnly
          style={{ flex: 1 }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} aria-live="polite">
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
