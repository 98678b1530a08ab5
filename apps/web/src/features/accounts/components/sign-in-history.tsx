import { signInFailureLabels, type SignInHistoryItem } from '@banksia/contracts/accounts';
import { Alert, Table, Text, Title } from '@mantine/core';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { useSignIns } from '../api/get-sign-ins';

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** Outcome of one attempt in words: "Signed in", "Signed in with a link", or why it failed. */
export function signInOutcome(item: SignInHistoryItem): string {
  if (item.success) return item.method === 'link' ? 'Signed in with a link' : 'Signed in';
  return item.failure_reason ? signInFailureLabels[item.failure_reason] : 'Failed';
}

/** The user's sign-in attempts of the retention period: when, from where, with what, and whether it worked. */
export function SignInHistory({ userId }: { userId: number }) {
  const history = useSignIns(userId);
  return (
    <>
      <Title order={2} size="h3" mb={4}>
        Sign-in history
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Attempts with the right email or username, newest first. They are kept for {history.data?.retention_days ?? 90}{' '}
        days.
      </Text>
      {history.isPending && <LoadingState label="Loading sign-in history" />}
      {history.isError && <Alert color="red">{formErrorOf(history.error)}</Alert>}
      {history.data && history.data.results.length === 0 && <Text size="sm">No sign-ins in that time.</Text>}
      {history.data && history.data.results.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Outcome</Table.Th>
                <Table.Th scope="col">IP address</Table.Th>
                <Table.Th scope="col">Browser</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.results.map((item, i) => (
                <Table.Tr key={`${item.at}-${i}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(item.at))}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c={item.success ? 'teal.9' : 'red.9'} style={{ whiteSpace: 'nowrap' }}>
                      {signInOutcome(item)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{item.ip ?? '—'}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }} fz="xs">
                    {item.user_agent ?? '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
