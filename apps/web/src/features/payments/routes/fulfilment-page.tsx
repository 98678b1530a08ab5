import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { CHECKOUT_POLL_FOR_MS, useCheckoutState } from '../api/get-checkout-state';
import { formatMoney } from '../components/money';

/** /fulfilment/?paymentLinkCode=: the payment's result, asked again until the provider's webhook has settled it. */
export function FulfilmentRoute() {
  useDocumentTitle('Payment · Banksia');
  const [params] = useSearchParams();
  const code = params.get('paymentLinkCode') ?? '';
  const [startedAt] = useState(() => Date.now());
  const state = useCheckoutState(code, startedAt);
  // Polling stops after a while; the page then says the payment was not confirmed instead of waiting for ever.
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), CHECKOUT_POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  if (state.isError) throw state.error;
  const payAgain = code ? (
    <Anchor component={Link} to={urlFor('payment-link', { code })}>
      Back to the fees
    </Anchor>
  ) : null;

  let body;
  if (!code) {
    body = <Text>This page shows a payment&apos;s result; its address is missing the payment link.</Text>;
  } else if (state.isPending) {
    body = <LoadingState label="Loading the payment" />;
  } else {
    const s = state.data;
    const owing = formatMoney(s.owing_cents, s.currency);
    switch (s.state) {
      case 'paid':
        body = (
          <Alert color="teal" title="Payment received — your classes are open">
            Thank you. {s.first_name}&apos;s fees are paid{s.owing_cents > 0 ? `; ${owing} is still owed` : ''}.
          </Alert>
        );
        break;
      case 'processing':
        body = (
          <Alert color="blue" title="Your payment is processing">
            The classes open as soon as it clears. You can close this page.
          </Alert>
        );
        break;
      case 'open': {
        body = gaveUp ? (
          <Alert color="yellow" title="The payment has not been confirmed">
            <Stack gap="xs">
              <Text>
                We have not heard from the payment provider. If your card was declined nothing was charged, and {owing}{' '}
                is still owed.
              </Text>
              {payAgain}
            </Stack>
          </Alert>
        ) : (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>Waiting for the payment to be confirmed…</Text>
          </Group>
        );
        break;
      }
      case 'failed':
        body = (
          <NotCharged color="red" title="The payment did not go through" owing={owing}>
            {payAgain}
          </NotCharged>
        );
        break;
      case 'expired':
        body = (
          <NotCharged color="yellow" title="This checkout expired before it was paid" owing={owing}>
            {payAgain}
          </NotCharged>
        );
        break;
      case 'needs_review':
        body = (
          <Alert color="yellow" title="Payment received — opening your classes needs a person">
            We have your payment, but something went wrong opening the classes. Our staff have been told and will finish
            it shortly; you do not need to pay again.
          </Alert>
        );
        break;
      default:
        body = (
          <Stack gap="xs">
            <Text>No payment has been started yet. {owing} is owed.</Text>
            {payAgain}
          </Stack>
        );
    }
  }
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Payment</Title>
      <div aria-live="polite">{body}</div>
    </Stack>
  );
}

/** A checkout that ended without a charge (failed or expired): what is still owed, and the way to pay again. */
function NotCharged({
  color,
  title,
  owing,
  children,
}: {
  color: string;
  title: string;
  owing: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert color={color} title={title}>
      <Stack gap="xs">
        <Text>Nothing was charged. {owing} is still owed.</Text>
        {children}
      </Stack>
    </Alert>
  );
}
