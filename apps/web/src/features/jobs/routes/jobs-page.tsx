import type { FailedJob } from '@banksia/contracts/jobs';
import { Badge, Button, Code, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { useJobs } from '../api/get-jobs';
import { useRetryJob } from '../api/retry-job';
import { notify } from '../../../lib/notify';

function count(n: number, tone: string) {
  return n > 0 ? (
    <Badge variant="light" color={tone}>
      {n}
    </Badge>
  ) : (
    <Text span c="dimmed">
      0
    </Text>
  );
}

/** /content/admin/jobs/: the background job queues, and the jobs that failed for good (the dead letters). */
export function JobsRoute() {
  useDocumentTitle('Background jobs · Banksia');
  const jobs = useJobs();

  // A failed load shows the failure page in place of this one.
  if (jobs.isError && !jobs.data) throw jobs.error;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Background jobs</Title>
        <Text c="dimmed" mt={4}>
          Work done outside requests: sending email, password links, clean-ups. A job that fails is retried with growing
          delays; after its last try it waits below until you retry it. Personal data in payloads is hidden.
        </Text>
      </div>
      {!jobs.data ? (
        <LoadingState label="Loading the queues" />
      ) : (
        <>
          <Paper withBorder>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" striped>
                <Table.Caption>Jobs per queue, refreshed every 10 seconds</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Queue</Table.Th>
                    <Table.Th scope="col">Queued</Table.Th>
                    <Table.Th scope="col">Running</Table.Th>
                    <Table.Th scope="col">Failed recently</Table.Th>
                    <Table.Th scope="col">Waiting for a retry</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {jobs.data.queues.map((q) => (
                    <Table.Tr key={q.name}>
                      <Table.Th scope="row">
                        <Code>{q.name}</Code>
                      </Table.Th>
                      <Table.Td>{count(q.queued, 'blue')}</Table.Td>
                      <Table.Td>{count(q.active, 'teal')}</Table.Td>
                      <Table.Td>{count(q.failed, 'orange')}</Table.Td>
                      <Table.Td>{count(q.dead_letters, 'red')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Title order={2} size="h3">
            Failed jobs
          </Title>
          {jobs.data.failed_jobs.length === 0 ? (
            <Text>No job is waiting for a retry.</Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={760}>
                <Table verticalSpacing="sm" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Queue</Table.Th>
                      <Table.Th scope="col">Failed</Table.Th>
                      <Table.Th scope="col">Error</Table.Th>
                      <Table.Th scope="col">Payload</Table.Th>
                      <Table.Th scope="col">
                        <VisuallyHidden>Action</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {jobs.data.failed_jobs.map((job) => (
                      <FailedJobRow key={job.id} job={job} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}

function FailedJobRow({ job }: { job: FailedJob }) {
  const retry = useRetryJob();
  const onRetry = () =>
    retry.mutate(job.id, {
      onSuccess: () => notify({ color: 'teal', message: `The ${job.queue} job is queued again.` }),
      onError: (error) => notify({ color: 'red', title: 'Not retried', message: formErrorOf(error) }),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Code>{job.queue}</Code>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayjs(job.failed_at).format('D MMM YYYY, h:mm a')}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{job.error}</Table.Td>
      <Table.Td>
        <Code block>{JSON.stringify(job.payload, null, 2)}</Code>
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={retry.isPending}
          onClick={onRetry}
          aria-label={`Retry the ${job.queue} job that failed ${dayjs(job.failed_at).format('D MMM, h:mm a')}`}
        >
          Retry
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
