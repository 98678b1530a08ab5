import { FailureReason } from '@banksia/contracts/errors';
import { Anchor, Code, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { RequestFailure } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { useOutboxMessage } from '../api/get-outbox-message';
import { EmailPreview } from '../components/email-preview';
import { EmailStatusBadge } from '../components/email-status-badge';

const when = (iso: string | null) => (iso ? dayjs(iso).format('D MMM YYYY, h:mm:ss a') : '—');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** /content/admin/outbox/:messageId/: one email, rendered (HTML in a sandboxed frame) and as plain text. */
export function OutboxMessageRoute() {
  const messageId = Number(useParams().messageId);
  if (!Number.isInteger(messageId) || messageId <= 0)
    throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  return <OutboxMessage key={messageId} messageId={messageId} />;
}

function OutboxMessage({ messageId }: { messageId: number }) {
  const message = useOutboxMessage(messageId);
  useDocumentTitle(`${message.data?.subject ?? 'Email'} · Email outbox · Banksia`);

  // An unknown message (404) or a failed load shows the failure page in place of this one.
  if (message.isError) throw message.error;

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={urlFor('content-admin-outbox')} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          Email outbox
        </Group>
      </Anchor>
      {!message.data ? (
        <LoadingState label="Loading the email" />
      ) : (
        <>
          <Title order={1}>{message.data.subject}</Title>
          <Paper withBorder p="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Fact label="To">{message.data.to}</Fact>
              <Fact label="School">{message.data.school_name ?? '—'}</Fact>
              <Fact label="Status">
                <EmailStatusBadge status={message.data.status} />
              </Fact>
              <Fact label="Written">{when(message.data.created_at)}</Fact>
              <Fact label="Sent">{when(message.data.sent_at)}</Fact>
              <Fact label="Attempts">{message.data.attempts}</Fact>
              <Fact label="Template">
                <Code>{message.data.template}</Code>
              </Fact>
              <Fact label="Message-ID">{message.data.message_id ? <Code>{message.data.message_id}</Code> : '—'}</Fact>
              {message.data.last_error && <Fact label="Last error">{message.data.last_error}</Fact>}
            </SimpleGrid>
          </Paper>
          <Tabs defaultValue="html" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="html">As sent (HTML)</Tabs.Tab>
              <Tabs.Tab value="text">Plain text</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="md">
              <EmailPreview html={message.data.html} title={`The email: ${message.data.subject}`} />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="md">
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {message.data.text}
              </Code>
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
