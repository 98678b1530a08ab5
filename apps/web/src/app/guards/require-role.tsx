import type { Role } from '@banksia/contracts/accounts';
import { Outlet } from 'react-router';
import { useMe } from '../../features/accounts/api/get-me';
import { ErrorPage } from '../pages/error-page';

/** Shows the 403 page to a signed-in user without `role`; place it inside RequireSignIn. */
export function RequireRole({ role }: { role: Role }) {
  const { data: me } = useMe();
  if (!me?.roles.includes(role)) return <ErrorPage status={403} />;
  return <Outlet />;
}
