import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter, createHydratingRouter } from './app/router';
import { startSentryFromConfig } from './app/sentry';
import type { ServerRenderState } from './entry-server';
import { reportError } from './lib/error-reporting';

// Errors outside React (event handlers, timers, rejected promises nobody awaited) still reach error tracking.
window.addEventListener('error', (event) => reportError(event.error ?? event.message, { source: 'window.onerror' }));
window.addEventListener('unhandledrejection', (event) => reportError(event.reason, { source: 'unhandledrejection' }));

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const rootOptions: RootOptions = {
  // Render errors inside routes reach the router's error element, which reports them; these escaped it.
  onUncaughtError: (error, info) => reportError(error, { source: 'react', componentStack: info.componentStack }),
};

function app(router: ReturnType<typeof createBrowserRouter>) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

/** Builds the page in the browser (every page the server did not render). */
function render() {
  const root = createRoot(container!, rootOptions);
  startTransition(() => root.render(app(createAppRouter(queryClient))));
}

/** Resolves in a later task, after what the browser has queued meanwhile (input, a paint). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Takes over a page the server rendered (ADR 041): its answers go into the query cache, the route's modules load,
 * and React attaches to the HTML instead of building it again. If that cannot start (a module failed to load), the
 * page is built afresh.
 */
async function hydratePage(state: ServerRenderState) {
  // The scripts' own evaluation was one long task; the router's set-up and the hydration each start in a task of
  // their own, so the page can answer a tap in between (Lighthouse's blocking time, 2026-11-28).
  await nextTask();
  for (const query of state.queries) queryClient.setQueryData(query.key, query.data, { updatedAt: query.updatedAt });
  let router: ReturnType<typeof createBrowserRouter>;
  try {
    router = await createHydratingRouter(queryClient, state.router);
  } catch (error) {
    reportError(error, { source: 'hydration' });
    container!.replaceChildren();
    render();
    return;
  }
  await nextTask();
  // As a transition, React hydrates in slices and the page answers input in between (as the first render, ADR 042).
  startTransition(() => {
    // A page that differs from its HTML is rebuilt by React, which reports it as the window's error: error tracking
    // gets it through the listener above, and the journeys see it in the console.
    hydrateRoot(container!, app(router), rootOptions);
  });
}

const renderState = document.getElementById('server-render-state');
if (renderState?.textContent) void hydratePage(JSON.parse(renderState.textContent) as ServerRenderState);
else render();
void startSentryFromConfig(queryClient);
