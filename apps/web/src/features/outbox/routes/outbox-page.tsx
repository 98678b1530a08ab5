import { Alert, Anchor, Group, Loader, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { countOf, ResultsTable } from '../../../components/results-table';
import { SchoolSelector } from '../../../components/school-selector';
import { urlFor } from '../../../lib/named-routes';
import { useListParams } from '../../../lib/use-list-params';
import { useOutbox } from '../api/list-outbox';
import { EmailStatusBadge } from '../components/email-status-badge';

function positiveInt(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** /content/admin/outbox/: every email the app has written, newest first; filter by school and recipient. */
export function OutboxRoute() {
  useDocumentTitle('Email outbox · Banksia');
  const { params, search, setSearch, query: to, update } = useListParams('to');
  const schoolId = positiveInt(params.get('school'));
  const page = positiveInt(params.get('page')) ?? 1;
  const outbox = useOutbox({ schoolId, to, page });

  const data = outbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / data.page_size)) : 1;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Email outbox</Title>
        <Text c="dimmed" mt={4}>
          Every email Banksia has written: invitations, password resets. Open one to see it as it was sent.
        </Text>
      </div>
      {data && !data.smtp_configured && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title="Email is not being sent">
          This server has no mail server set (SMTP_URL), so emails stay here as Queued. You can read them, and copy a
          link from one to pass on by hand.
        </Alert>
      )}
      <Group align="flex-end" wrap="wrap">
        <SchoolSelector
          label="School"
          value={schoolId}
          onChange={(id) => update({ school: id === null ? null : String(id), page: null })}
          clearable
          w={300}
        />
        <TextInput
          label="Recipient"
          description="Part of the email address"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={outbox.isFetching ? <Loader size="xs" aria-hidden /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
          w={300}
        />
      </Group>
      <ResultsTable
        query={outbox}
        noun="outbox"
        summary={
          !data || data.count === 0
            ? 'No email matches.'
            : `${countOf(data.count, 'email', 'emails')}${pages > 1 ? `, page ${page} of ${pages}` : ''}`
        }
        columns={['Subject', 'To', 'School', 'Status', 'Written']}
        rows={data?.results}
        rowKey={(m) => m.id}
        minWidth={760}
        renderRow={(m) => (
          <>
            <Table.Td>
              <Anchor component={Link} to={urlFor('content-admin-outbox-message', { messageId: m.id })}>
                {m.subject}
              </Anchor>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.to}</Table.Td>
            <Table.Td>{m.school_name ?? '—'}</Table.Td>
            <Table.Td>
              <EmailStatusBadge status={m.status} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayjs(m.created_at).format('D MMM YYYY, h:mm a')}</Table.Td>
          </>
        )}
        footer={
          <>
            {pages > 1 && (
              <Group justify="center" p="sm">
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={(p) => update({ page: p > 1 ? String(p) : null })}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                />
              </Group>
            )}
          </>
        }
      />
    </Stack>
  );
}
