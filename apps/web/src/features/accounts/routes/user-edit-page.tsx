import { FailureReason } from '@banksia/contracts/errors';
import { userListItem, type UserListItem } from '@banksia/contracts/accounts';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { RequestFailure } from '../../../components/request-failure';
import { isRecord } from '../../../lib/json-body';
import { useMe } from '../api/get-me';
import { useUser } from '../api/get-user';
import { useUserRoles } from '../api/get-user-roles';
import { ResendInvitationButton } from '../components/resend-invitation-button';
import { SignInHistory } from '../components/sign-in-history';
import { UserActiveControl } from '../components/user-active-control';
import { UserRolesEditor } from '../components/user-roles-editor';

// The list page's link carries the row, so the name shows at once while the user loads.
function userFromState(state: unknown, userId: number): UserListItem | undefined {
  if (!isRecord(state)) return undefined;
  const parsed = userListItem.safeParse(state.user);
  return parsed.success && parsed.data.id === userId ? parsed.data : undefined;
}

/** What the app adds for a student's account (their data: export and erasure), from another feature. */
export type StudentSection = (user: UserListItem) => ReactNode;

/**
 * /content/admin/users/edit/:id/: a user's roles and whether their account is active; for a student, the section
 * the app passes in (`studentSection`).
 */
export function UserEditRoute({ studentSection }: { studentSection?: StudentSection }) {
  const userId = Number(useParams().id);
  if (!Number.isInteger(userId) || userId <= 0) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  return <UserEdit key={userId} userId={userId} studentSection={studentSection} />;
}

function UserEdit({ userId, studentSection }: { userId: number; studentSection?: StudentSection }) {
  const { data: me } = useMe();
  const roles = useUserRoles(userId);
  const userQuery = useUser(userId, { placeholderData: userFromState(useLocation().state, userId) });
  const user = userQuery.data;
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : `User ${userId}`;
  useDocumentTitle(`${name} · Users · Banksia`);

  // An unknown user (404) or a failed load shows the failure page in place of this one.
  if (userQuery.isError) throw userQuery.error;
  if (roles.isError) throw roles.error;
  const isSelf = me?.user.id === userId;
  const isStudent = roles.data?.roles.includes('student') ?? false;

  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to="/content/admin/users/edit/" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          All users
        </Group>
      </Anchor>
      <div>
        <Title order={1}>{user ? name : 'User'}</Title>
        {user && (
          <Text c="dimmed" mt={4}>
            {user.email}
            {user.schools.length > 0 && ` · ${user.schools.join(', ')}`}
          </Text>
        )}
      </div>
      <Paper withBorder p="lg">
        {roles.data ? (
          <UserRolesEditor userId={userId} userRoles={roles.data.roles} isSelf={isSelf} />
        ) : (
          <LoadingState label="Loading roles" />
        )}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h3" mb="sm">
          Account
        </Title>
        {/* The status from the list may be out of date, so the action waits for the server's answer. */}
        {user && !userQuery.isPlaceholderData ? (
          <UserActiveControl userId={userId} name={name} isActive={user.is_active} isSelf={isSelf} />
        ) : (
          <LoadingState label="Loading account status" />
        )}
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} size="h3" mb="sm">
          Invitation
        </Title>
        <ResendInvitationButton userId={userId} name={name} />
      </Paper>
      <Paper withBorder p="lg">
        <SignInHistory userId={userId} />
      </Paper>
      {isStudent && user && !userQuery.isPlaceholderData && studentSection?.(user)}
    </Stack>
  );
}
