import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { meQueryOptions } from '../features/accounts/api/get-me';
import { signOut } from '../features/accounts/api/logout';
import { RequireRole } from './guards/require-role';
import { RequireSignIn, requireSignInLoader } from './guards/require-sign-in';
import { AppLayout } from './layouts/app-layout';
import { RootError, RootHydrateFallback, RootLayout } from './layouts/root-layout';
import { ErrorPage } from './pages/error-page';
import { RouteError } from './pages/route-error';
import type { RouteHandle } from './route-handle';
import { AccountRoute } from './routes/account';

const handle = (name: string): RouteHandle => ({ name });

/**
 * Every page of the app. Each route's `handle.name` is the stable name page views are recorded under.
 * Pages other than /account/ load lazily, so a student's first page stays small.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      errorElement: <RootError />,
      HydrateFallback: RootHydrateFallback,
      // Every page needs to know who is signed in; loading it first means no page renders without it.
      loader: async () => {
        await queryClient.ensureQueryData(meQueryOptions());
        return null;
      },
      children: [
        { index: true, handle: handle('root'), loader: () => redirect('/account/') },
        {
          Component: AppLayout,
          children: [
            {
              // Errors below show inside the app shell.
              errorElement: <RouteError />,
              children: [
                { path: 'account', handle: handle('account'), Component: AccountRoute },
                {
                  path: 'account/logout',
                  handle: handle('account-logout'),
                  loader: async () => {
                    // The root loader may still be reading the session; its answer must land before signing out
                    // rather than after, where it would put the old session back.
                    await queryClient.ensureQueryData(meQueryOptions());
                    await signOut(queryClient);
                    return null;
                  },
                  lazy: async () => ({
                    Component: (await import('../features/accounts/routes/signed-out')).SignedOutRoute,
                  }),
                },
                {
                  Component: RequireSignIn,
                  loader: requireSignInLoader(queryClient),
                  children: [
                    {
                      path: 'account/profile',
                      handle: handle('account-profile'),
                      lazy: async () => ({
                        Component: (await import('../features/accounts/routes/profile')).ProfileRoute,
                      }),
                    },
                    {
                      element: <RequireRole role="content_admin" />,
                      children: [
                        {
                          path: 'content/admin/users/edit',
                          handle: handle('content-admin-users'),
                          lazy: async () => ({
                            Component: (await import('../features/accounts/routes/users-list')).UsersListRoute,
                          }),
                        },
                        {
                          path: 'content/admin/users/edit/:id',
                          handle: handle('content-admin-user-edit'),
                          lazy: async () => ({
                            Component: (await import('../features/accounts/routes/user-edit')).UserEditRoute,
                          }),
                        },
                        {
                          path: 'content/admin/support',
                          handle: handle('content-admin-support'),
                          lazy: async () => ({
                            Component: (await import('../features/support/routes/support-inbox')).SupportInboxRoute,
                          }),
                        },
                      ],
                    },
                  ],
                },
                { path: '*', handle: handle('not-found'), element: <ErrorPage status={404} /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
