import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useActivities } from '../api/authoring';
import { UsageList } from './usage-list';

/** /content/admin/activity/: find activities by title or id, see where each is used, open one or make a new one. */
export function ActivityListRoute() {
  useDocumentTitle('Activities · Banksia');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const activities = useActivities(q);

  // The search lives in the address, so it survives going back from an activity.
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParams(q ? { q } : {}, { replace: true });
  }, [q, params, setParams]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Activities</Title>
          <Text c="dimmed" mt={4}>
            Activities students answer in lessons, question sets and tasks.
          </Text>
        </div>
        <Button
          component={Link}
          to={urlFor('content-admin-activity-new')}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New activity
        </Button>
      </Group>
      <TextInput
        label="Search activities"
        description="By title, or #id"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={activities.isFetching ? <Loader size="xs" aria-hidden /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={480}
        type="search"
      />
      {activities.isError && !activities.data && (
        <Alert color="red" title="The activities could not be loaded">
          {formErrorOf(activities.error)}
        </Alert>
      )}
      {activities.data && (
        <Paper withBorder>
          <Text size="sm" p="sm" aria-live="polite">
            {activities.data.count === 0
              ? 'No activities match your search.'
              : activities.data.results.length < activities.data.count
                ? `Showing the ${activities.data.results.length} most recently changed of ${activities.data.count} activities. Search to narrow the list.`
                : `${activities.data.count} ${activities.data.count === 1 ? 'activity' : 'activities'}`}
          </Text>
          {activities.data.results.length > 0 && (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Activity</Table.Th>
                    <Table.Th scope="col">Used in</Table.Th>
                    <Table.Th scope="col">Blocks</Table.Th>
                    <Table.Th scope="col">Answers</Table.Th>
                    <Table.Th scope="col">Changed</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {activities.data.results.map((activity) => (
                    <Table.Tr key={activity.id}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={urlFor('content-admin-activity-edit', { activityId: activity.id })}
                          fw={600}
                        >
                          {activity.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          #{activity.id}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <UsageList item={activity} />
                      </Table.Td>
                      <Table.Td>{activity.block_count}</Table.Td>
                      <Table.Td>{activity.response_count}</Table.Td>
                      <Table.Td>{dayjs(activity.updated_at).format('D MMM YYYY, h:mm a')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      {activities.isPending && <LoadingState label="Loading activities" />}
    </Stack>
  );
}
