import { rosterStepValues } from '@banksia/contracts/rosters';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router';
import { FailureReason } from '@banksia/contracts/errors';
import { RequestFailure } from '../../../../components/request-failure';
import { LoadingState } from '../../../../components/loading-state';
import { urlFor } from '../../../../lib/named-routes';
import { DatasetActions } from '../../components/dataset-actions';
import { idParam, StepNav, Summary } from '../../components/dataset-display';
import { useDataset } from '../../upload/index';

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
