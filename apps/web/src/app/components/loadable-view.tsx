import { UNKNOWN_FAILURE_REASON, type Loadable } from '@banksia/contracts/rules/loadable';
import type { ReactNode } from 'react';
import { FailurePage } from '../pages/failure-page';

interface LoadableViewProps<T> {
  loadable: Loadable<T>;
  /** Shown while there is no data yet (uninitialized or loading). */
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * Shows per-class loadable data by status: the skeleton until there is data, the data when ready (and while it
 * reloads), and the failure page for the failure's reason (spec §2 "Failure pages").
 */
export function LoadableView<T>({ loadable, skeleton, children }: LoadableViewProps<T>) {
  if (loadable.status === 'failure') return <FailurePage reason={loadable.failureReason ?? UNKNOWN_FAILURE_REASON} />;
  if (loadable.data === null) return <>{skeleton}</>;
  return <>{children(loadable.data)}</>;
}
