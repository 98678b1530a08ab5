import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, redirect, useLocation, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { meQueryOptions, useMe } from '../../features/accounts/index';
import { signInPath } from '../sign-in-path';

/** Sends a signed-out visitor to sign in before the page loads, so the page never flashes. */
export function requireSignInLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    if (!me) throw redirect(signInPath(new URL(request.url)));
    return null;
  };
}

/** The same rule while on the page: if the session ends (signed out elsewhere, expired), go to sign in. */
export function RequireSignIn() {
  const { data: me } = useMe();
  const location = useLocation();
  const navigating = useNavigation().state !== 'idle';
  // Signing out ends the session while the router is still on the way to /account/logout/; redirecting to
  // sign in then would cut that navigation short.
  if (me === null && !navigating) return <Navigate to={signInPath(location)} replace />;
  if (!me) return <LoadingState label="Loading" />;
  return <Outlet />;
}
