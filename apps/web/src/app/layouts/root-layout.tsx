import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { PlainLayout } from './plain-layout';
import { RouteError } from '../pages/route-error';
import { usePageViewTracking } from '../use-page-view-tracking';

/** Above every page: page-view tracking and scroll restoration. */
export function RootLayout() {
  usePageViewTracking();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Shown while the first page's data (the session) loads. */
export function RootHydrateFallback() {
  return <LoadingState label="Loading Banksia" py="30vh" />;
}

/** When even the app shell fails (the session could not be loaded), the error page stands alone. */
export function RootError() {
  return (
    <PlainLayout>
      <RouteError />
    </PlainLayout>
  );
}
