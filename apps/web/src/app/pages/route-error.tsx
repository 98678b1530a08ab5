import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RequestFailure } from '../../components/request-failure';
import { reportError } from '../../lib/error-reporting';
import { ErrorPage } from './error-page';
import { FailurePage } from './failure-page';

/**
 * The router's error element. A failed request shows its failure page (the request helper has already reported
 * what needed reporting); an HTTP error response shows its error page; anything else is a bug: it is reported
 * and the 500 page shown.
 */
export function RouteError() {
  const error = useRouteError();
  const unexpected = !(error instanceof RequestFailure) && !isRouteErrorResponse(error);

  useEffect(() => {
    if (unexpected) reportError(error, { source: 'router' });
  }, [error, unexpected]);

  if (error instanceof RequestFailure) return <FailurePage reason={error.reason} />;
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  return <ErrorPage status={500} />;
}
