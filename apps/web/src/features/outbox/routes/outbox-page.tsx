import { Alert, Anchor, Group, Loader, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { SchoolSelector } from '../../../components/school-selector';
import { urlFor } from '../../../lib/named-routes';
import { useOutbox } from '../api/list-outbox';
import { EmailStatusBadge } from '../components/email-status-badge';

function positiveInt(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** /content/admin/outbox/: every email the app has written, newest first; filter by school and recipient. */
export function OutboxRoute() {
  useDocumentTitle('Email outbox · Banksia');
  const [params, setParams] = useSearchParams();
  const schoolId = positiveInt(params.get('school'));
  const page = positiveInt(params.get('page')) ?? 1;
  const [search, setSearch] = useState(params.get('to') ?? '');
  const [to] = useDebouncedValue(search.trim(), 300);
  const outbox = useOutbox({ schoolId, to, page });

  // Filters live in the address, so going back from a message returns to the same list.
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  useEffect(() => {
    if ((params.get('to') ?? '') !== to) {
      const next = new URLSearchParams(params);
      if (to) next.set('to', to);
      else next.delete('to');
      next.delete('page');
      setParams(next, { replace: true });
    }
  }, [to, params, setParams]);

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
      {outbox.isError && !data && (
        <Alert color="red" title="The outbox could not be loaded">
          {formErrorOf(outbox.error)}
        </Alert>
      )}
      {!data ? (
        !outbox.isError && <LoadingState label="Loading the outbox" />
      ) : (
        <Paper withBorder>
          <Text size="sm" p="sm" aria-live="polite">
            {data.count === 0
              ? 'No email matches.'
              : `${data.count} ${data.count === 1 ? 'email' : 'emails'}${pages > 1 ? `, page ${page} of ${pages}` : ''}`}
          </Text>
          {data.results.length > 0 && (
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Subject</Table.Th>
                    <Table.Th scope="col">To</Table.Th>
                    <Table.Th scope="col">School</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Written</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((m) => (
                    <Table.Tr key={m.id}>
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
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {dayjs(m.created_at).format('D MMM YYYY, h:mm a')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
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
        </Paper>
      )}
    </Stack>
  );
}
