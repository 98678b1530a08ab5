import { roleLabels } from '@banksia/contracts/accounts';
import { Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMe } from '../api/get-me';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileForm } from '../components/profile-form';

/** /account/profile/: the signed-in user's name and password. */
export function ProfileRoute() {
  useDocumentTitle('Your profile · Banksia');
  const { data: me } = useMe();
  // The route is only reachable signed in; the guard above it waits for the session.
  if (!me) return null;

  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Your profile</Title>
          <Text c="dimmed" mt={4}>
            Signed in as {me.user.email}
          </Text>
          {me.roles.length > 0 && (
            <Group gap="xs" mt="sm">
              {me.roles.map((role) => (
                <Badge key={role} variant="light" color="gray">
                  {roleLabels[role]}
                </Badge>
              ))}
            </Group>
          )}
        </div>
        <Paper withBorder p="lg">
          <Title order={2} size="h3" id="profile-heading" mb="md">
            Your name
          </Title>
          {/* Keyed by user so the form starts from the saved names if the session changes under it. */}
          <ProfileForm key={me.user.id} me={me} />
        </Paper>
        <Paper withBorder p="lg">
          <Title order={2} size="h3" id="password-heading" mb="md">
            Change password
          </Title>
          <ChangePasswordForm />
        </Paper>
      </Stack>
    </Container>
  );
}
