import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { LoadingState } from '../../../../components/loading-state';
import { urlFor } from '../../../../lib/named-routes';
import { useDatasets } from '../api/list-datasets';
import { statusColor, statusLabel } from '../../components/dataset-display';

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
