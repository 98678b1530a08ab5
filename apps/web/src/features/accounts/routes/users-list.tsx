import { roleLabels, type UserListItem } from '@banksia/contracts/accounts';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
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
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const page = pageFromParams(params);
  const users = useUsers(q, page);

  // The search and page live in the address, so a result list can be shared and survives going back from a user.
  // A new search starts again at page 1.
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParams(q ? { q } : {}, { replace: true });
  }, [q, params, setParams]);
  const goTo = (next: number) => {
    const nextParams: Record<string, string> = {};
    if (q) nextParams.q = q;
    if (next > 1) nextParams.page = String(next);
    setParams(nextParams);
  };
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
      {users.isError && !users.data && (
        <Alert color="red" title="The users could not be loaded">
          {formErrorOf(users.error)}
        </Alert>
      )}
      {users.data && (
        <Paper withBorder>
          <Text size="sm" p="sm" aria-live="polite">
            {countLabel(users.data.count, users.data.page, users.data.page_size, users.data.results.length)}
          </Text>
          {users.data.results.length > 0 && (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Email</Table.Th>
                    <Table.Th scope="col">Roles</Table.Th>
                    <Table.Th scope="col">Schools</Table.Th>
                    <Table.Th scope="col" w={110}>
                      Status
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.data.results.map((user) => (
                    <Table.Tr key={user.id}>
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
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
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
        </Paper>
      )}
      {users.isPending && <LoadingState label="Loading users" />}
    </Stack>
  );
}
