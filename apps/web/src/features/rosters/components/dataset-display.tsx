import { rosterStepValues, type RosterDataset, type RosterDecision } from '@banksia/contracts/rosters';
import { Stepper, Table } from '@mantine/core';
import { useNavigate } from 'react-router';
import { urlFor } from '../../../lib/named-routes';
import { stepNames } from '../step-names';

/** A positive whole-number route parameter, or null. */
export function idParam(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export const statusColor: Record<RosterDataset['status'], string> = {
  parsed: 'gray',
  reviewing: 'blue',
  applying: 'yellow',
  applied: 'green',
  held: 'orange',
  rolled_back: 'gray',
  failed: 'red',
};
export const statusLabel = (s: RosterDataset['status']) => s.replace('_', ' ');
export const actionColor: Record<RosterDecision['action'], string> = {
  create: 'green',
  update: 'blue',
  match: 'gray',
  remove: 'red',
  leave: 'yellow',
};
export const methodLabel: Record<RosterDecision['method'], string> = {
  external_id: 'School code',
  email: 'Email',
  title: 'Class name',
  name_year: 'Name and year (suggestion)',
  override: 'Chosen by a person',
  none: '—',
};

/** The four steps of a dataset, each a link to its page. */
export function StepNav({ id, active }: { id: number; active: number }) {
  const navigate = useNavigate();
  return (
    <Stepper
      active={active}
      onStepClick={(i) => void navigate(urlFor('enrolinator-step', { id, step: rosterStepValues[i]! }))}
      size="sm"
    >
      {rosterStepValues.map((s) => (
        <Stepper.Step key={s} label={stepNames[s]} />
      ))}
    </Stepper>
  );
}

/** What applying does, by step and action. */
export function Summary({ dataset }: { dataset: RosterDataset }) {
  return (
    <Table>
      <Table.Caption>What applying does, by step</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Step</Table.Th>
          {(['create', 'update', 'match', 'remove', 'leave'] as const).map((a) => (
            <Table.Th key={a} scope="col" ta="right">
              {a}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rosterStepValues.map((s) => (
          <Table.Tr key={s}>
            <Table.Th scope="row">{stepNames[s]}</Table.Th>
            {(['create', 'update', 'match', 'remove', 'leave'] as const).map((a) => (
              <Table.Td key={a} ta="right">
                {dataset.summary[s]?.[a] ?? 0}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
