import type { FulfilmentReviewItem } from '@banksia/contracts/payments-checkout';
import { Alert, Badge, Button, Code, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import dayjs from 'dayjs';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { useFulfilmentReview } from '../api/get-fulfilment-review';
import { useRetryFulfilment } from '../api/retry-fulfilment';
import { formatMoney } from '../components/money';
import { notify } from '../../../lib/notify';

/** /content/admin/fulfilment-review/: paid checkouts whose fulfilment failed or needs a person, with retry. */
export function FulfilmentReviewRoute() {
  useDocumentTitle('Fulfilment review · Banksia');
  const review = useFulfilmentReview();
  if (review.isError) throw review.error;
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>Fulfilment review</Title>
        <Text c="dimmed" mt={4}>
          Payments the provider reported as paid whose classes did not open. Fix the cause, then retry.
        </Text>
      </div>
      {review.isPending ? (
        <LoadingState label="Loading checkouts to review" />
      ) : review.data.length === 0 ? (
        <Alert color="teal" title="Nothing to review">
          Every paid checkout has been fulfilled.
        </Alert>
      ) : (
        <Table aria-label="Checkouts to review" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Student</Table.Th>
              <Table.Th scope="col">School</Table.Th>
              <Table.Th scope="col">Year</Table.Th>
              <Table.Th scope="col">Amount</Table.Th>
              <Table.Th scope="col">Paid</Table.Th>
              <Table.Th scope="col">Problem</Table.Th>
              <Table.Th scope="col">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {review.data.map((item) => (
              <ReviewRow key={item.checkout_session_id} item={item} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function ReviewRow({ item }: { item: FulfilmentReviewItem }) {
  const retry = useRetryFulfilment();
  const onRetry = () =>
    retry.mutate(item.checkout_session_id, {
      onSuccess: (answer) =>
        notify(
          answer.fulfilment === 'fulfilled'
            ? { color: 'teal', title: 'Fulfilled', message: `${item.student_name}'s classes are open.` }
            : { color: 'red', title: 'Still failing', message: answer.error ?? 'The retry failed again.' },
        ),
      onError: (error) => notify({ color: 'red', title: 'Not retried', message: formErrorOf(error) }),
    });
  return (
    <Table.Tr>
      <Table.Td>{item.student_name}</Table.Td>
      <Table.Td>{item.school_name}</Table.Td>
      <Table.Td>{item.calendar_year}</Table.Td>
      <Table.Td>{formatMoney(item.amount_cents, item.currency)}</Table.Td>
      <Table.Td>{item.completed_at ? dayjs(item.completed_at).format('D MMM YYYY, h:mm a') : '—'}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Badge color={item.fulfilment === 'failed' ? 'red' : 'yellow'} variant="light">
            {item.fulfilment === 'failed' ? 'Failed' : 'Needs a person'} · {item.fulfilment_attempts}{' '}
            {item.fulfilment_attempts === 1 ? 'attempt' : 'attempts'}
          </Badge>
          {item.fulfilment_error && <Code block>{item.fulfilment_error}</Code>}
          <Text size="xs" c="dimmed">
            {item.provider} · {item.checkout_session_id}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          onClick={onRetry}
          loading={retry.isPending}
          aria-label={`Retry the fulfilment of ${item.student_name}'s payment`}
        >
          Retry
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
