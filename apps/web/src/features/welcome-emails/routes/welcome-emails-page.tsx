import { classTypeLabels, stopStepLabels, welcomeRoles, type WelcomeStep } from '@banksia/contracts/welcome-emails';
import { Alert, Anchor, Badge, Button, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useWelcomeLog } from '../api/get-welcome-log';
import { useWelcomeSteps } from '../api/get-welcome-steps';
import { StepEditor, whenLabel } from '../components/step-editor';

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** The series grouped as it is sent: by role, then class type, then day. */
export function groupSteps(steps: readonly WelcomeStep[]) {
  return welcomeRoles
    .map((role) => ({
      role,
      steps: steps
        .filter((s) => s.role === role)
        .sort((a, b) => a.class_type.localeCompare(b.class_type) || a.days_after - b.days_after || a.id - b.id),
    }))
    .filter((g) => g.steps.length > 0);
}

function SeriesTable({ steps, onEdit }: { steps: WelcomeStep[]; onEdit: (step: WelcomeStep) => void }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Class type</Table.Th>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Subject</Table.Th>
            <Table.Th scope="col">Not sent once they have</Table.Th>
            <Table.Th scope="col">Sent</Table.Th>
            <Table.Th scope="col">Edit</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((step) => (
            <Table.Tr key={step.id}>
              <Table.Td>{classTypeLabels[step.class_type]}</Table.Td>
              <Table.Td>{whenLabel(step.days_after)}</Table.Td>
              <Table.Td>
                {step.subject}{' '}
                {!step.is_active && (
                  <Badge color="gray" variant="light" size="sm">
                    Off
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{step.stop_when ? stopStepLabels[step.stop_when] : '—'}</Table.Td>
              <Table.Td>{step.sent_count}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onEdit(step)}
                  aria-label={`Edit ${step.subject}`}
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SendLog() {
  const [page, setPage] = useState(1);
  const log = useWelcomeLog(page);
  if (log.isPending) return <LoadingState label="Loading the send log" />;
  if (log.isError) return <Alert color="red">{formErrorOf(log.error)}</Alert>;
  const pages = Math.max(1, Math.ceil(log.data.count / log.data.page_size));
  if (log.data.count === 0) return <Text>Nothing has been sent yet.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={820}>
        <Table striped verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Sent</Table.Th>
              <Table.Th scope="col">To</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Class</Table.Th>
              <Table.Th scope="col">Outbox</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.results.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(row.sent_at))}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={urlFor('content-admin-user', { id: row.user_id })}>
                    {row.name || row.to}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {row.to}
                  </Text>
                </Table.Td>
                <Table.Td>{row.step_subject}</Table.Td>
                <Table.Td>{row.class_title ?? '—'}</Table.Td>
                <Table.Td>
                  {row.outbox_id ? (
                    <Anchor component={Link} to={urlFor('content-admin-outbox-message', { messageId: row.outbox_id })}>
                      {row.status ?? 'open'}
                    </Anchor>
                  ) : (
                    'pruned'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        </Group>
      )}
    </>
  );
}

/**
 * /content/admin/welcome-emails/: the welcome journey: its emails by role and class type (each edited with a preview
 * and a test send), and the log of what was sent to whom.
 */
export function WelcomeEmailsRoute() {
  useDocumentTitle('Welcome emails · Banksia');
  const steps = useWelcomeSteps();
  const [editing, setEditing] = useState<WelcomeStep | 'new' | null>(null);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Welcome emails</Title>
        <Text c="dimmed" mt={4} maw={760}>
          A series of emails for people who join a class: each goes to teachers or students of one class type a number
          of days after they join, unless they have already done what it is about. The journey runs every hour and sends
          each email to a person once; the emails go through the outbox.
        </Text>
      </div>
      {editing !== null ? (
        <StepEditor
          key={editing === 'new' ? 'new' : editing.id}
          step={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            New email
          </Button>
        </Group>
      )}
      {steps.isPending ? (
        <LoadingState label="Loading the welcome emails" />
      ) : steps.isError ? (
        <Alert color="red">{formErrorOf(steps.error)}</Alert>
      ) : steps.data.length === 0 ? (
        <Text>No welcome emails yet.</Text>
      ) : (
        groupSteps(steps.data).map((group) => (
          <Paper key={group.role} withBorder p="md" component="section" aria-labelledby={`series-${group.role}`}>
            <Title order={2} size="h3" id={`series-${group.role}`} mb="sm">
              {group.role === 'teacher' ? 'To teachers' : 'To students'}
            </Title>
            <SeriesTable steps={group.steps} onEdit={setEditing} />
          </Paper>
        ))
      )}
      <section aria-labelledby="send-log">
        <Title order={2} id="send-log" mb="sm">
          Sent
        </Title>
        <SendLog />
      </section>
    </Stack>
  );
}
