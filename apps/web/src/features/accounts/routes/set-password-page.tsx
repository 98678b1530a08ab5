import { Alert, Anchor, Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLinkOff } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { usePasswordLink } from '../api/get-password-link';
import { SetPasswordForm } from '../components/set-password-form';
import { notify } from '../../../lib/notify';

/** /account/set-password/:token/: the page a set-password link (invitation or reset) opens. */
export function SetPasswordRoute() {
  const token = useParams().token ?? '';
  return <SetPassword key={token} token={token} />;
}

function SetPassword({ token }: { token: string }) {
  const link = usePasswordLink(token);
  const navigate = useNavigate();
  const invite = link.data?.usable && link.data.info.purpose === 'invite';
  const title = invite ? 'Choose your password' : 'Choose a new password';
  useDocumentTitle(`${link.data && !link.data.usable ? 'Link not working' : title} · Banksia`);

  // A failed load (no connection, a server error) shows the failure page in place of this one.
  if (link.isError) throw link.error;

  return (
    <Container size={440} py="xl">
      {!link.data ? (
        <LoadingState label="Checking your link" />
      ) : !link.data.usable ? (
        <>
          <Title order={1} ta="center" mb="lg">
            This link does not work
          </Title>
          <Alert
            color="red"
            icon={<IconLinkOff aria-hidden />}
            title={link.data.reason === 'gone' ? 'Used or expired' : 'Not a valid link'}
          >
            {link.data.detail}
          </Alert>
          <Group justify="center" mt="lg">
            <Button component={Link} to={urlFor('account-forgot-password')}>
              Email me a new link
            </Button>
            <Button component={Link} to="/account/" variant="default">
              Sign in
            </Button>
          </Group>
          <Text size="sm" c="dimmed" ta="center" mt="md">
            If your school made your account and you have never signed in, ask your teacher to send a new invitation.
          </Text>
        </>
      ) : (
        <>
          <Title order={1} ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center" mt={4} mb="lg">
            For the Banksia account of {link.data.info.email}.
          </Text>
          <Paper withBorder shadow="sm" p="xl">
            <SetPasswordForm
              token={token}
              submitLabel={invite ? 'Set my password' : 'Change my password'}
              onDone={() => {
                notify({
                  color: 'teal',
                  title: 'Password set',
                  message: 'You are signed in. Use your new password next time.',
                });
                void navigate('/account/', { replace: true });
              }}
            />
          </Paper>
          <Text ta="center" mt="md" size="sm">
            <Anchor component={Link} to="/account/">
              Back to sign in
            </Anchor>
          </Text>
        </>
      )}
    </Container>
  );
}
