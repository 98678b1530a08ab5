import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createRoutes, patchRoutesOnNavigation } from '../app/router';
import { csrfConfig } from '../lib/csrf';
import { requestConfig } from '../lib/request';

// Tests answer at once; the request helper's back-off between retries would only slow them down. Set for each render,
// not once on import: test files share modules (vitest.config.ts), and a test of the timing itself resets it.
function answerAtOnce() {
  requestConfig.retries = 0;
  csrfConfig.retries = 0;
}
answerAtOnce();

/** Renders the whole app (real routes, providers and layouts) at `path`. */
export function renderApp(path: string) {
  answerAtOnce();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path], patchRoutesOnNavigation });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** Renders one component with the app's providers, inside a router at `path`. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  answerAtOnce();
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
