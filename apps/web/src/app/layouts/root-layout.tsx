import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { PlainLayout } from './plain-layout';
import { RouteError } from '../pages/route-error';
import { usePageViewTracking } from '../use-page-view-tracking';

/**
 * Set on <html> once React runs the page: a page rendered on the server shows before its scripts have run, and only
 * then answers clicks and keys. Tools that measure the page (npm run bench:web) wait for it.
 */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** Above every page: page-view tracking and scroll restoration. */
export function RootLayout() {
  usePageViewTracking();
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''), []);
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
