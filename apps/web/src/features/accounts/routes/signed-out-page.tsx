import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDoorExit } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { forgetSession } from '../api/logout';

/** /account/logout/: shown once the route's loader has ended the session. */
export function SignedOutRoute() {
  useDocumentTitle('Signed out · Banksia');
  const queryClient = useQueryClient();
  useEffect(() => {
    void forgetSession(queryClient);
  }, [queryClient]);
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="xl">
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconDoorExit size={30} />
          </ThemeIcon>
          <Title order={1}>You have signed out</Title>
          <Text>Thanks for using Banksia. If you are on a shared computer, close this browser window too.</Text>
          <Button component={Link} to="/account/">
            Sign in again
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
