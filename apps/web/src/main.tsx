import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startSentryFromConfig } from './app/sentry';
import { reportError } from './lib/error-reporting';

// Errors outside React (event handlers, timers, rejected promises nobody awaited) still reach error tracking.
window.addEventListener('error', (event) => reportError(event.error ?? event.message, { source: 'window.onerror' }));
window.addEventListener('unhandledrejection', (event) => reportError(event.reason, { source: 'unhandledrejection' }));

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
void startSentryFromConfig(queryClient);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container, {
  // Render errors inside routes reach the router's error element, which reports them; these escaped it.
  onUncaughtError: (error, info) => reportError(error, { source: 'react', componentStack: info.componentStack }),
});
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
