import { roleLabels, type UserListItem } from '@banksia/contracts/accounts';
import { Anchor, Badge, Group, Loader, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ResultsTable } from '../../../components/results-table';
import { useListParams } from '../../../lib/use-list-params';
import { useUsers } from '../api/get-users';

function fullName(user: UserListItem): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** The page number in the address, 1 when missing or not a page number. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** "Users 51–100 of 120", or a single count when everything fits on one page. */
export function countLabel(count: number, page: number, pageSize: number, shown: number): string {
  if (count === 0) return 'No users match your search.';
  if (count <= pageSize) return `${count} ${count === 1 ? 'user' : 'users'}`;
  const first = (page - 1) * pageSize + 1;
  return `Users ${first}–${first + shown - 1} of ${count}`;
}

/** /content/admin/users/edit/: find users by name, email or school and open one to edit. */
export function UsersListRoute() {
  useDocumentTitle('Users · Banksia');
  const { params, search, setSearch, query: q, update } = useListParams();
  const page = pageFromParams(params);
  const users = useUsers(q, page);
  const goTo = (next: number) => update({ page: next > 1 ? String(next) : null }, { push: true });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.count / users.data.page_size)) : 1;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Users</Title>
        <Text c="dimmed" mt={4}>
          Find a user to change their roles, activate or deactivate their account, resend an invitation or see their
          sign-ins.
        </Text>
      </div>
      <TextInput
        label="Search users"
        description="By name, email address or school"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={users.isFetching ? <Loader size="xs" aria-hidden /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={480}
        type="search"
      />
      <ResultsTable
        query={users}
        noun="users"
        summary={
          users.data
            ? countLabel(users.data.count, users.data.page, users.data.page_size, users.data.results.length)
            : ''
        }
        columns={['Name', 'Email', 'Roles', 'Schools', { label: 'Status', w: 110 }]}
        rows={users.data?.results}
        rowKey={(user) => user.id}
        renderRow={(user) => (
          <>
            <Table.Td>
              <Anchor component={Link} to={`/content/admin/users/edit/${user.id}/`} state={{ user }} fw={600}>
                {fullName(user)}
              </Anchor>
            </Table.Td>
            <Table.Td>{user.email}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {user.roles.map((role) => (
                  <Badge key={role} variant="light" color="gray" size="sm">
                    {roleLabels[role]}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>{user.schools.join(', ')}</Table.Td>
            <Table.Td>
              {user.is_active ? (
                <Badge variant="light" color="teal" size="sm">
                  Active
                </Badge>
              ) : (
                <Badge variant="light" color="red" size="sm">
                  Inactive
                </Badge>
              )}
            </Table.Td>
          </>
        )}
        footer={
          <>
            {pages > 1 && (
              <Group justify="center" p="sm">
                <Pagination
                  total={pages}
                  value={page}
                  onChange={goTo}
                  getControlProps={(control) => ({
                    'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
                  })}
                  getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                />
              </Group>
            )}
          </>
        }
      />
    </Stack>
  );
}
