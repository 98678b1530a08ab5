import { roleLabels, type UserListItem } from '@banksia/contracts/accounts';
import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
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

/** /content/admin/users/edit/: find users by name or email and open one to edit. */
export function UsersListRoute() {
  useDocumentTitle('Users · Banksia');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const users = useUsers(q);

  // The search lives in the address, so a result list can be shared and survives going back from a user.
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParams(q ? { q } : {}, { replace: true });
  }, [q, params, setParams]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Users</Title>
        <Text c="dimmed" mt={4}>
          Find a user to change their roles or to activate or deactivate their account.
        </Text>
      </div>
      <TextInput
        label="Search users"
        description="By name or email address"
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
            {users.data.count === 0
              ? 'No users match your search.'
              : users.data.results.length < users.data.count
                ? `Showing the first ${users.data.results.length} of ${users.data.count} users. Search to narrow the list.`
                : `${users.data.count} ${users.data.count === 1 ? 'user' : 'users'}`}
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
        </Paper>
      )}
      {users.isPending && <LoadingState label="Loading users" />}
    </Stack>
  );
}
