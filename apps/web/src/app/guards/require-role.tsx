import { FailureReason } from '@banksia/contracts/errors';
import type { Role } from '@banksia/contracts/accounts';
import { Outlet } from 'react-router';
import { useMe } from '../../features/accounts/index';
import { FailurePage } from '../pages/failure-page';

/**
 * Shows a signed-in user without `role` the unauthorized failure page, the same page the API's own refusal leads to;
 * place it inside RequireSignIn.
 */
export function RequireRole({ role }: { role: Role }) {
  const { data: me } = useMe();
  if (!me?.roles.includes(role)) return <FailurePage reason={FailureReason.UNAUTHORIZED_ERROR} />;
  return <Outlet />;
}
