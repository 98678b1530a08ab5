import { rosterStepValues, type RosterDecision, type RosterStep } from '@banksia/contracts/rosters';
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FailureReason } from '@banksia/contracts/errors';
import { RequestFailure } from '../../../../components/request-failure';
import { errorDetailOf } from '../../../../components/field-errors';
import { LoadingState } from '../../../../components/loading-state';
import { urlFor } from '../../../../lib/named-routes';
import { DatasetActions } from '../../components/dataset-actions';
import { actionColor, idParam, methodLabel, StepNav } from '../../components/dataset-display';
import { stepNames } from '../../step-names';
import { useDataset } from '../../upload/index';
import { useOverride } from '../api/override-decision';
import { useStep } from '../api/get-step';

export function DatasetStepRoute() {
  const params = useParams();
  const id = idParam(params.id);
  const step = rosterStepValues.find((s) => s === params.step);
  if (id === null || !step) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  return <StepPage id={id} step={step} />;
}

function StepPage({ id, step }: { id: number; step: RosterStep }) {
  const dataset = useDataset(id);
  const report = useStep(id, step);
  useDocumentTitle(`${stepNames[step]} · Roster dataset · Banksia`);
  if (dataset.isError && !dataset.data) throw dataset.error;
  if (report.isError && !report.data) throw report.error;
  if (!dataset.data || !report.data) return <LoadingState label="Loading the step" />;
  const index = rosterStepValues.indexOf(step);
  const next = rosterStepValues[index + 1];
  const editable =
    step !== 'role_reconciliation' && (dataset.data.status === 'reviewing' || dataset.data.status === 'held');
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={urlFor('enrolinator-dataset', { id })}>
          {dataset.data.school_name} {dataset.data.calendar_year} roster
        </Anchor>
        <Title order={1} mt={4}>
          Step {index + 1}: {stepNames[step]}
        </Title>
        <Text c="dimmed" mt={4}>
          {Object.entries(report.data.counts)
            .map(([a, n]) => `${n} ${a}`)
            .join(' · ') || 'Nothing to do in this step.'}
        </Text>
      </div>
      <StepNav id={id} active={index} />
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="xs">
          <Table.Caption>{stepNames[step]}: one row per record</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Record</Table.Th>
              <Table.Th scope="col">Action</Table.Th>
              <Table.Th scope="col">Matched by</Table.Th>
              <Table.Th scope="col">Details</Table.Th>
              {editable && <Table.Th scope="col">Override</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.data.decisions.map((x) => (
              <DecisionRow
                key={x.id}
                id={id}
                step={step}
                decision={x}
                editable={editable}
                candidates={report.data.candidates}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {next ? (
        <Button component={Link} to={urlFor('enrolinator-step', { id, step: next })} w="fit-content">
          Next: {stepNames[next]}
        </Button>
      ) : (
        <Paper withBorder p="md">
          <DatasetActions dataset={dataset.data} />
        </Paper>
      )}
    </Stack>
  );
}

function describe(x: RosterDecision): string {
  const parts: string[] = [];
  const changes = x.details.changes as Record<string, { from: string; to: string }> | undefined;
  for (const [field, c] of Object.entries(changes ?? {})) parts.push(`${field}: ${c.from} → ${c.to}`);
  const kept = x.details.kept as string[] | undefined;
  if (kept?.length) parts.push(`kept as edited here: ${kept.join(', ')}`);
  if (typeof x.details.note === 'string') parts.push(x.details.note);
  if (x.details.course_id === null && x.action === 'create' && x.details.subject !== undefined)
    parts.push('needs a course');
  if (x.file && x.line) parts.push(`${x.file} line ${x.line}`);
  return parts.join(' · ');
}

function DecisionRow({
  id,
  step,
  decision: x,
  editable,
  candidates,
}: {
  id: number;
  step: RosterStep;
  decision: RosterDecision;
  editable: boolean;
  candidates: Array<{ id: number; label: string }>;
}) {
  const override = useOverride(id, step);
  const [choice, setChoice] = useState<string | null>(x.suggestion ? String(x.suggestion.id) : null);
  const fromFile = !x.record_key.startsWith('existing');
  return (
    <Table.Tr>
      <Table.Td>{x.label}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge color={actionColor[x.action]} variant="light" c="dark.9" miw={84}>
          {x.action}
        </Badge>
      </Table.Td>
      <Table.Td>{methodLabel[x.method]}</Table.Td>
      <Table.Td>
        {describe(x)}
        {x.suggestion && (
          <Text size="sm" c="orange.9">
            Possibly {x.suggestion.label}: confirm to match.
          </Text>
        )}
        {override.error && (
          <Text size="sm" c="red.8">
            {errorDetailOf(override.error) ?? 'Not saved.'}
          </Text>
        )}
      </Table.Td>
      {editable && (
        <Table.Td>
          {fromFile && (
            <Group gap="xs" wrap="nowrap">
              <Select
                aria-label={`Match ${x.label} to`}
                placeholder="Match to…"
                searchable
                size="xs"
                data={candidates.map((c) => ({ value: String(c.id), label: c.label }))}
                value={choice}
                onChange={setChoice}
                w={220}
              />
              <Button
                size="xs"
                variant="light"
                disabled={!choice}
                loading={override.isPending}
                onClick={() => override.mutate({ recordId: x.id, action: 'match', internal_id: Number(choice) })}
              >
                {x.suggestion && choice === String(x.suggestion.id) ? 'Confirm' : 'Match'}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => override.mutate({ recordId: x.id, action: 'create' })}>
                New
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                onClick={() => override.mutate({ recordId: x.id, action: 'leave' })}
              >
                Leave
              </Button>
            </Group>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}
