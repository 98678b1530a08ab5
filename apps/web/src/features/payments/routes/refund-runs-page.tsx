import { formatMoney, type RefundRun } from '@banksia/contracts/payments-admin';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import dayjs from 'dayjs';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { useMe } from '../../accounts/index';
import { useRefundRuns } from '../api/get-refund-runs';
import { useRefundRunAction } from '../api/use-refund-run-action';
import { PaymentsLinks, usePaymentsParams, YearPicker } from '../components/payments-nav';

const when = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '');
const totals = (t: { currency: string; amount_cents: number }[]) =>
  t.length ? t.map((x) => formatMoney(x.amount_cents, x.currency)).join(' + ') : formatMoney(0);

const statusColor: Record<string, string> = {
  draft: 'gray',
  approved: 'blue',
  sending: 'yellow',
  sent: 'teal',
  canceled: 'gray',
  pending: 'yellow',
  requires_action: 'orange',
  succeeded: 'teal',
  failed: 'red',
};
const statusLabel = (s: string) => s.replace('_', ' ');

/**
 * /content/admin/refund-processes/{calendarYear}/: refund runs. A draft takes every refund owed that no run holds;
 * a second person approves it; sending pays each refund out through the payment provider.
 */
export function RefundRunsRoute() {
  const { calendarYear } = usePaymentsParams();
  useDocumentTitle(`Refund runs ${calendarYear} · Banksia`);
  const runs = useRefundRuns(calendarYear);
  const action = useRefundRunAction();
  if (runs.isError && !runs.data) throw runs.error;
  const data = runs.data;
  const waiting = data?.available.totals.some((t) => t.amount_cents > 0) ?? false;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Refund runs for {calendarYear}</Title>
        <Text c="dimmed" mt={4} maw={760}>
          A run gathers every refund owed that no other run holds, split across each student&apos;s payments. Someone
          other than its creator approves it; then it is sent, and each refund is paid back to the card it came from.
        </Text>
      </div>
      <PaymentsLinks calendarYear={calendarYear} />
      <YearPicker calendarYear={calendarYear} route="content-admin-refund-processes" />
      {action.error && (
        <Alert color="red" title="That did not work">
          {formErrorOf(action.error)}
        </Alert>
      )}
      {!data ? (
        <LoadingState label="Loading the refund runs" />
      ) : (
        <>
          <Paper withBorder p="md">
            <Group justify="space-between">
              <Text>
                {waiting
                  ? `${totals(data.available.totals)} owed to ${data.available.students} ${
                      data.available.students === 1 ? 'student' : 'students'
                    } is waiting for a run.`
                  : 'No refund owed is waiting for a run.'}
              </Text>
              <Button
                disabled={!waiting}
                loading={action.isPending && action.variables?.kind === 'create'}
                onClick={() => action.mutate({ kind: 'create', calendarYear })}
              >
                Create a refund run
              </Button>
            </Group>
          </Paper>
          {data.runs.length === 0 ? (
            <Text>No refund runs yet for {calendarYear}.</Text>
          ) : (
            data.runs.map((run) => <RunCard key={run.id} run={run} action={action} />)
          )}
        </>
      )}
    </Stack>
  );
}

function RunCard({ run, action }: { run: RefundRun; action: ReturnType<typeof useRefundRunAction> }) {
  const { data: me } = useMe();
  const mine = me?.user.id === run.created_by;
  const busy = action.isPending && action.variables?.kind !== 'create' && action.variables?.runId === run.id;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`run-${run.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="start">
          <div>
            <Title order={2} size="h3" id={`run-${run.id}`}>
              Refund run #{run.id}{' '}
              <Badge color={statusColor[run.status]} variant="light">
                {statusLabel(run.status)}
              </Badge>
            </Title>
            <Text size="sm" c="dimmed">
              {totals(run.totals)} in {run.refunds.length} {run.refunds.length === 1 ? 'refund' : 'refunds'}. Created by{' '}
              {run.created_by_name} on {when(run.created_at)}
              {run.approved_by_name ? `; approved by ${run.approved_by_name} on ${when(run.approved_at)}` : ''}
              {run.sent_at ? `; sent ${when(run.sent_at)}` : ''}.
            </Text>
          </div>
          <Group gap="xs">
            {run.status === 'draft' &&
              (mine ? (
                <Text size="sm" c="dimmed" maw={260}>
                  Someone else must approve this run: you created it.
                </Text>
              ) : (
                <Button loading={busy} onClick={() => action.mutate({ kind: 'approve', runId: run.id })}>
                  Approve run #{run.id}
                </Button>
              ))}
            {(run.status === 'approved' || run.status === 'sending') && (
              <Button loading={busy} onClick={() => action.mutate({ kind: 'send', runId: run.id })}>
                Send refunds
              </Button>
            )}
            {(run.status === 'draft' || run.status === 'approved') && (
              <Button
                variant="default"
                disabled={busy}
                onClick={() => action.mutate({ kind: 'cancel', runId: run.id })}
              >
                Cancel run
              </Button>
            )}
          </Group>
        </Group>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" striped>
            <Table.Caption>Refunds of run #{run.id}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Student</Table.Th>
                <Table.Th scope="col">School</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {run.refunds.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Th scope="row" fw={500}>
                    {r.student_name}
                  </Table.Th>
                  <Table.Td>{r.school_name}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.amount_cents, r.currency)}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[r.status]} variant="light">
                      {statusLabel(r.status)}
                    </Badge>
                    {r.failure_reason && (
                      <Text size="xs" c="red.8">
                        {r.failure_reason}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
