import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { usePaymentLink } from '../api/get-payment-link';
import { PaymentSummaryCard } from '../components/payment-summary-card';
import { CanceledNotice } from '../components/canceled-notice';

/** /payment/{code}/: a payment link, signed out or in. */
export function PaymentLinkRoute() {
  useDocumentTitle('Payment · Banksia');
  const code = useParams().code ?? '';
  const link = usePaymentLink(code);
  if (link.isError) throw link.error;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Payment</Title>
      <CanceledNotice />
      {link.isPending ? (
        <LoadingState label="Loading the fees" />
      ) : (
        <PaymentSummaryCard summary={link.data} heading={`${link.data.first_name}'s class fees`} />
      )}
    </Stack>
  );
}
