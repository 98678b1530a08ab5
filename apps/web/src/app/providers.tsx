import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useMe } from '../features/accounts/index';
import { EmbeddedActivityContext, type EmbeddedActivityComponents } from '../lib/embedded-activity';
import { useNotificationsShown } from '../lib/notify';
import { ContactSupportProvider } from '../features/support/index';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions (and their timers) and portals, so tests see dialogs at once. */
  env?: 'default' | 'test';
}

// Activities shown inside other features' pages (an exam's activity question), loaded only when one shows.
const embeddedActivity: EmbeddedActivityComponents = {
  Answer: lazy(() => import('../features/activities/embedded/index')),
  Review: lazy(async () => ({
    default: (await import('../features/activities/embedded/index')).EmbeddedActivityReview,
  })),
};

// The layer that shows notifications (and its transitions) mounts with the first notification (lib/notify.ts), which
// waits in the notifications store until it has. Tests (env 'test') render components alone and may show one through
// Mantine directly, so it mounts at once there.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

function NotificationsLayer({ atOnce }: { atOnce: boolean }) {
  const shown = useNotificationsShown();
  if (!shown && !atOnce) return null;
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
        <NotificationsLayer atOnce={env === 'test'} />
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
