import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { useMe } from '../features/accounts/api/get-me';
import { EmbeddedActivityContext, type EmbeddedActivityComponents } from '../lib/embedded-activity';
import { ContactSupportProvider } from '../features/support/components/contact-support-provider';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals, so tests see dialogs at once. */
  env?: 'default' | 'test';
}

// Activities shown inside other features' pages (an exam's activity question), loaded only when one shows.
const embeddedActivity: EmbeddedActivityComponents = {
  Answer: lazy(() => import('../features/activities/components/embedded-activity')),
  Review: lazy(async () => ({
    default: (await import('../features/activities/components/embedded-activity')).EmbeddedActivityReview,
  })),
};

/** Everything the app's pages rely on: theme, notifications, server state and the way to contact support. */
export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
        <Notifications position="top-right" />
        <EmbeddedActivityContext.Provider value={embeddedActivity}>
          <SessionAwareSupport>{children}</SessionAwareSupport>
        </EmbeddedActivityContext.Provider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

// The support feature does not know about sessions; the app tells it whether to ask for an email address.
function SessionAwareSupport({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  return <ContactSupportProvider signedIn={!!me}>{children}</ContactSupportProvider>;
}
