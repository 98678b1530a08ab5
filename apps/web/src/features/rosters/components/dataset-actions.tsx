import { useState } from 'react';
import { type RosterDataset } from '@banksia/contracts/rosters';
import { Alert, Badge, Button, Group, List, Progress, Stack, Table, Text } from '@mantine/core';
import { errorDetailOf } from '../../../components/field-errors';
import { useApplyDataset, useApproveDataset, useRetryApply } from '../apply/index';
import { useConfirmMapping } from '../reconcile/index';
import { useRollbackDataset } from '../rollback/index';
import { statusColor, statusLabel } from './dataset-display';

type Action = 'apply' | 'approve' | 'rollback' | 'retry' | 'confirm-mapping';

/** The dataset's actions as one: the buttons share one pending state and show the error of the last one tried. */
function useDatasetActions(id: number) {
  const calls = {
    apply: useApplyDataset(id),
    approve: useApproveDataset(id),
    retry: useRetryApply(id),
    rollback: useRollbackDataset(id),
    'confirm-mapping': useConfirmMapping(id),
  };
  const [last, setLast] = useState<Action | null>(null);
  return {
    mutate: (action: Action) => {
      setLast(action);
      calls[action].mutate();
    },
    isPending: Object.values(calls).some((c) => c.isPending),
    error: last ? calls[last].error : null,
  };
}

/** The dataset's state and what may be done with it: apply, approve when held, roll back when applied. */
export function DatasetActions({ dataset }: { dataset: RosterDataset }) {
  const action = useDatasetActions(dataset.id);
  const error = action.error ? (errorDetailOf(action.error) ?? 'That did not work. Try again.') : null;
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text fw={600}>Status:</Text>
        <Badge color={statusColor[dataset.status]} variant="light" c="dark.9" role="status">
          {statusLabel(dataset.status)}
        </Badge>
      </Group>
      {dataset.status === 'held' && (
        <Alert color="orange" title="Held for approval">
          <List>
            {dataset.holds.map((h) => (
              <List.Item key={`${h.kind}-${h.reason}`}>
                It would {h.reason === 'removes' ? 'remove' : 'change'} {h.count} of {h.of} {h.kind} (more than{' '}
                {h.reason === 'removes' ? '10%' : '75%'}).
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {dataset.apply && (
        <Stack gap={4} maw={560}>
          <Text size="sm" role="status">
            {dataset.apply.message}
          </Text>
          {dataset.apply.state === 'running' && dataset.apply.total > 0 && (
            <Progress
              value={(100 * dataset.apply.done) / dataset.apply.total}
              aria-label={`Applied ${dataset.apply.done} of ${dataset.apply.total} records`}
            />
          )}
        </Stack>
      )}
      {dataset.status === 'failed' && dataset.failure && (
        <Alert color="red" title="The apply failed">
          {dataset.failure}
        </Alert>
      )}
      {dataset.mapping && (
        <Alert
          color={dataset.mapping_confirmed ? 'gray' : 'blue'}
          title={dataset.mapping_confirmed ? 'Columns confirmed' : 'Check how the columns were read'}
        >
          <Stack gap="sm">
            <Text size="sm">
              This format has no published layout, so its columns were read by their headers. If a header went to the
              wrong field, rename it in the file and upload it again.
            </Text>
            {dataset.mapping.map((m) => (
              <Table key={m.file} withTableBorder maw={560}>
                <Table.Caption>{m.file}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Header in the file</Table.Th>
                    <Table.Th scope="col">Read as</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {m.columns.map((c) => (
                    <Table.Tr key={c.header}>
                      <Table.Td>{c.header}</Table.Td>
                      <Table.Td>{c.field ?? 'Not used'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ))}
            {!dataset.mapping_confirmed && (dataset.status === 'reviewing' || dataset.status === 'held') && (
              <Button w="fit-content" onClick={() => action.mutate('confirm-mapping')} loading={action.isPending}>
                These columns are right
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {error && (
        <Alert color="red" title="Not done">
          {error}
        </Alert>
      )}
      <Group>
        {dataset.status === 'reviewing' && (
          <Button
            onClick={() => action.mutate('apply')}
            loading={action.isPending}
            disabled={!dataset.mapping_confirmed}
          >
            Apply
          </Button>
        )}
        {dataset.status === 'held' && (
          <Button color="orange" onClick={() => action.mutate('approve')} loading={action.isPending}>
            Approve and apply
          </Button>
        )}
        {dataset.can_retry && (
          <Button color="orange" onClick={() => action.mutate('retry')} loading={action.isPending}>
            Retry apply
          </Button>
        )}
        {dataset.can_rollback && (
          <Button color="red" variant="light" onClick={() => action.mutate('rollback')} loading={action.isPending}>
            Roll back
          </Button>
        )}
      </Group>
    </Stack>
  );
}
