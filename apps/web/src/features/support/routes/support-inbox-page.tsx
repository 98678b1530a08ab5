import type { SupportRequest } from '@banksia/contracts/support';
import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { useResolveSupportRequest } from '../api/resolve-support-request';
import { useSupportRequests } from '../api/get-support-requests';
import { notify } from '../../../lib/notify';

type Filter = 'open' | 'resolved' | 'all';

const emptyText: Record<Filter, string> = {
  open: 'No open requests. Everything has been dealt with.',
  resolved: 'No request has been resolved yet.',
  all: 'Nobody has contacted support yet.',
};

function formatTime(iso: string): string {
  return dayjs(iso).format('D MMM YYYY, h:mm a');
}

/** /content/admin/support/: messages sent through 'Contact support', to read and mark resolved. */
export function SupportInboxRoute() {
  useDocumentTitle('Support inbox · Banksia');
  const requests = useSupportRequests();
  const [filter, setFilter] = useState<Filter>('open');

  // A failed load shows the failure page in place of this one.
  if (requests.isError) throw requests.error;

  const all = requests.data ?? [];
  const openCount = all.filter((r) => !r.resolved_at).length;
  const shown = all.filter((r) => (filter === 'all' ? true : filter === 'open' ? !r.resolved_at : !!r.resolved_at));

  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1}>Support inbox</Title>
        <Text c="dimmed" mt={4}>
          Messages people sent with &lsquo;Contact support&rsquo;. Reply by email, then mark them resolved.
        </Text>
      </div>
      <SegmentedControl
        aria-label="Show requests"
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={[
          { value: 'open', label: `Open (${openCount})` },
          { value: 'resolved', label: 'Resolved' },
          { value: 'all', label: 'All' },
        ]}
        maw={420}
      />
      {requests.isPending ? (
        <LoadingState label="Loading support requests" />
      ) : shown.length === 0 ? (
        <Text>{emptyText[filter]}</Text>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Support requests">
          {shown.map((request) => (
            <li key={request.id}>
              <SupportRequestCard request={request} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function SupportRequestCard({ request }: { request: SupportRequest }) {
  const resolve = useResolveSupportRequest();
  const from = request.user_name ?? request.email ?? 'Someone signed out';

  const onResolve = () =>
    resolve.mutate(request.id, {
      onError: (error) => notify({ color: 'red', title: 'Not marked resolved', message: formErrorOf(error) }),
    });

  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={`support-request-${request.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={700} id={`support-request-${request.id}`}>
              {from}
            </Text>
            <Text size="sm" c="dimmed">
              {formatTime(request.created_at)} · from page <code>{request.page}</code>
            </Text>
          </div>
          {request.resolved_at ? (
            <Badge variant="light" color="teal">
              Resolved {dayjs(request.resolved_at).format('D MMM')}
            </Badge>
          ) : (
            <Badge variant="light" color="red">
              Open
            </Badge>
          )}
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{request.message}</Text>
        <Group justify="space-between">
          {request.email ? (
            <Anchor href={`mailto:${request.email}?subject=${encodeURIComponent('Your message to Banksia support')}`}>
              Reply to {request.email}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No email address given
            </Text>
          )}
          {!request.resolved_at && (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={resolve.isPending}
              onClick={onResolve}
              aria-label={`Mark resolved: message from ${from}`}
            >
              Mark resolved
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
