import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { LoadingState } from '../../../../components/loading-state';
import { urlFor } from '../../../../lib/named-routes';
import { useRosterSources } from '../api/get-roster-sources';

/** /school-uploader/: the roster uploaders this server can read, one per timetabling system. */
export function SchoolUploaderIndexRoute() {
  useDocumentTitle('School roster uploaders · Banksia');
  const sources = useRosterSources();
  if (sources.isError && !sources.data) throw sources.error;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>School roster uploaders</Title>
        <Text c="dimmed" mt={4} maw={760}>
          Upload the class lists your timetabling system exports. Each upload is checked first: you see what it would
          create, change and remove, class by class and student by student, before anything changes.
        </Text>
      </div>
      {!sources.data ? (
        <LoadingState label="Loading the uploaders" />
      ) : (
        <List spacing="sm">
          {sources.data.sources.map((s) => (
            <List.Item key={s.source}>
              <Anchor component={Link} to={urlFor('school-uploader-page', { page: s.page })} fw={600}>
                {s.name}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      <Text>
        Uploads already made are listed in the{' '}
        <Anchor component={Link} to={urlFor('enrolinator-datasets')}>
          roster reconciliation
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
