import { Container, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useMe, SignInForm } from '../../features/accounts/index';
import { SsoContinue } from '../../features/sso/index';
import { LoadingState } from '../../components/loading-state';
import { isServerPage, safeNextPath } from '../sign-in-path';

// Signed-out visitors get the sign-in form only: the homes of the roles (classes, rosters, staff tools) load apart.
const Home = lazy(async () => ({ default: (await import('./home')).Home }));

/** /account/: the sign-in form when signed out, the home of the user's roles when signed in. */
export function AccountRoute() {
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  // Set when this page showed the sign-in form: the home then appears because the person just signed in.
  const [startedSignedOut] = useState(!me);
  const toServerPage = !!me && next !== null && isServerPage(next);
  useEffect(() => {
    // Not a page of this app: the server renders it, so the browser loads it.
    if (toServerPage) window.location.replace(next);
  }, [toServerPage, next]);

  if (toServerPage) return <LoadingState label="Opening the page" />;
  if (me && next) return <Navigate to={next} replace />;
  if (me) {
    return (
      <Suspense fallback={<LoadingState label="Loading your home page" />}>
        <Home me={me} justSignedIn={startedSignedOut} />
      </Suspense>
    );
  }
  return <SignIn wantsPage={next !== null} next={next} />;
}

function SignIn({ wantsPage, next }: { wantsPage: boolean; next: string | null }) {
  useDocumentTitle('Sign in · Banksia');
  return (
    <Container size={440} py="xl">
      <Title order={1} ta="center">
        Sign in to Banksia
      </Title>
      <Text c="dimmed" ta="center" mt={4} mb="lg">
        {wantsPage ? 'Sign in to see that page.' : 'Welcome back. Sign in with your school email.'}
      </Text>
      <Paper withBorder shadow="sm" p="xl">
        <SignInForm belowEmail={(email) => <SsoContinue email={email} next={next} />} />
      </Paper>
    </Container>
  );
}
