import { Anchor, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { countOf, ResultsTable } from '../../../components/results-table';
import { urlFor } from '../../../lib/named-routes';
import { useListParams } from '../../../lib/use-list-params';
import { useActivities } from '../api/get-activities';
import { UsageList } from './usage-list';

/** /content/admin/activity/: find activities by title or id, see where each is used, open one or make a new one. */
export function ActivityListRoute() {
  useDocumentTitle('Activities · Banksia');
  const { search, setSearch, query: q } = useListParams();
  const activities = useActivities(q);

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
      <ResultsTable
        query={activities}
        noun="activities"
        summary={
          !activities.data || activities.data.count === 0
            ? 'No activities match your search.'
            : activities.data.results.length < activities.data.count
              ? `Showing the ${activities.data.results.length} most recently changed of ${activities.data.count} activities. Search to narrow the list.`
              : countOf(activities.data.count, 'activity', 'activities')
        }
        columns={['Activity', 'Used in', 'Blocks', 'Answers', 'Changed']}
        rows={activities.data?.results}
        rowKey={(activity) => activity.id}
        renderRow={(activity) => (
          <>
            <Table.Td>
              <Anchor component={Link} to={urlFor('content-admin-activity-edit', { activityId: activity.id })} fw={600}>
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
          </>
        )}
      />
    </Stack>
  );
}
