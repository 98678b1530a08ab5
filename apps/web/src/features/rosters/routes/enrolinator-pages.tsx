import { rosterStepValues, type RosterDataset, type RosterDecision, type RosterStep } from '@banksia/contracts/rosters';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Progress,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FailureReason } from '@banksia/contracts/errors';
import { RequestFailure } from '../../../components/request-failure';
import { errorDetailOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { stepNames, useDataset, useDatasetAction, useDatasets, useOverride, useStep } from '../api/rosters';

/** A positive whole-number route parameter, or null. */
function idParam(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

const statusColor: Record<RosterDataset['status'], string> = {
  parsed: 'gray',
  reviewing: 'blue',
  applying: 'yellow',
  applied: 'green',
  held: 'orange',
  rolled_back: 'gray',
  failed: 'red',
};
const statusLabel = (s: RosterDataset['status']) => s.replace('_', ' ');
const actionColor: Record<RosterDecision['action'], string> = {
  create: 'green',
  update: 'blue',
  match: 'gray',
  remove: 'red',
  leave: 'yellow',
};
const methodLabel: Record<RosterDecision['method'], string> = {
  external_id: 'School code',
  email: 'Email',
  title: 'Class name',
  name_year: 'Name and year (suggestion)',
  override: 'Chosen by a person',
  none: '—',
};

/** /content/admin/enrolinator/ and datasets/: every roster upload the user may see, newest first. */
export function EnrolinatorRoute({ home = false }: { home?: boolean }) {
  useDocumentTitle('Roster reconciliation · Banksia');
  const datasets = useDatasets({});
  if (datasets.isError && !datasets.data) throw datasets.error;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{home ? 'Roster reconciliation' : 'Roster datasets'}</Title>
        <Text c="dimmed" mt={4} maw={760}>
          Each upload of a school&apos;s roster is a dataset. Walk its four steps (classes, teachers, students, roles),
          change any match that is wrong, then apply it. An applied dataset can be rolled back.
        </Text>
      </div>
      <Group>
        <Button component={Link} to={urlFor('school-uploader')} variant="light" c="dark.9">
          Upload a roster
        </Button>
        {home && (
          <Anchor component={Link} to={urlFor('enrolinator-datasets')}>
            All datasets
          </Anchor>
        )}
      </Group>
      {!datasets.data ? (
        <LoadingState label="Loading the datasets" />
      ) : datasets.data.datasets.length === 0 ? (
        <Text>No roster has been uploaded yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Caption>Roster datasets</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Dataset</Table.Th>
                <Table.Th scope="col">School</Table.Th>
                <Table.Th scope="col">Year</Table.Th>
                <Table.Th scope="col">Source</Table.Th>
                <Table.Th scope="col">Uploaded</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {datasets.data.datasets.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor component={Link} to={urlFor('enrolinator-dataset', { id: d.id })}>
                      {d.file_names.join(', ')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{d.school_name}</Table.Td>
                  <Table.Td>{d.calendar_year}</Table.Td>
                  <Table.Td>{d.source}</Table.Td>
                  <Table.Td>{dayjs(d.created_at).format('DD/MM/YYYY HH:mm')}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[d.status]} variant="light" c="dark.9">
                      {statusLabel(d.status)}
                    </Badge>
                    {d.apply && (
                      <Text size="xs" c="dimmed">
                        {d.apply.message}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function StepNav({ id, active }: { id: number; active: number }) {
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

function Summary({ dataset }: { dataset: RosterDataset }) {
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

/** The dataset's state and what may be done with it: apply, approve when held, roll back when applied. */
function DatasetActions({ dataset }: { dataset: RosterDataset }) {
  const action = useDatasetAction(dataset.id);
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

/** /content/admin/enrolinator/datasets/{id}/: the dataset, what it would do, and its four steps. */
export function DatasetRoute() {
  const id = idParam(useParams().id);
  if (id === null) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  return <DatasetPage id={id} />;
}

function DatasetPage({ id }: { id: number }) {
  const dataset = useDataset(id);
  useDocumentTitle('Roster dataset · Banksia');
  if (dataset.isError && !dataset.data) throw dataset.error;
  if (!dataset.data) return <LoadingState label="Loading the dataset" />;
  const d = dataset.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>
          {d.school_name} {d.calendar_year} roster
        </Title>
        <Text c="dimmed" mt={4}>
          {d.source} · {d.file_names.join(', ')} · uploaded {dayjs(d.created_at).format('DD/MM/YYYY HH:mm')} ·{' '}
          {d.counts.rows} rows, {d.counts.errors} with errors
        </Text>
        {/* A server-rendered page (no web app around it): a full page load, not a route of the app. */}
        <Anchor href={`/enrolinator/datasets/${id}/?year=${d.calendar_year}`} size="sm">
          Printable version: all four steps on one page
        </Anchor>
      </div>
      <StepNav id={id} active={-1} />
      <Summary dataset={d} />
      <Button component={Link} to={urlFor('enrolinator-step', { id, step: rosterStepValues[0] })} w="fit-content">
        Start with the classes
      </Button>
      <DatasetActions dataset={d} />
    </Stack>
  );
}

/** /content/admin/enrolinator/datasets/{id}/{step}/: per record, what applying does and how it matched. */
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
