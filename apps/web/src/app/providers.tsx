import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useMe } from '../features/accounts/api/get-me';
import { EmbeddedActivityContext, type EmbeddedActivityComponents } from '../lib/embedded-activity';
import { useWhenIdle } from '../lib/use-when-idle';
import { ContactSupportProvider } from '../features/support/components/contact-support-provider';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions (and their timers) and portals, so tests see dialogs at once. */
  env?: 'default' | 'test';
}

// Activities shown inside other features' pages (an exam's activity question), loaded only when one shows.
const embeddedActivity: EmbeddedActivityComponents = {
  Answer: lazy(() => import('../features/activities/components/embedded-activity')),
  Review: lazy(async () => ({
    default: (await import('../features/activities/components/embedded-activity')).EmbeddedActivityReview,
  })),
};

// The layer that shows notifications (and its transitions) mounts once the page is idle; one shown before then waits
// in the notifications store and appears with it. Tests (env 'test') render components alone, with no page heading to
// wait for, so it mounts at once there.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

function IdleNotifications({ atOnce }: { atOnce: boolean }) {
  const idle = useWhenIdle();
  if (!idle && !atOnce) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

// Tests run with reduced motion respected (their matchMedia prefers it, test/setup.ts): no transition timers.
const testTheme = { ...theme, respectReducedMotion: true };

/** Everything the app's pages rely on: theme, notifications, server state and the way to contact support. */
export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={env === 'test' ? testTheme : theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        env={env}
      >
        <IdleNotifications atOnce={env === 'test'} />
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
