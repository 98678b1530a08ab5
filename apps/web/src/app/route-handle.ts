import type { UIMatch } from 'react-router';

/** What every route carries in its `handle`: a stable name for page-view tracking. */
export interface RouteHandle {
  name: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { name?: unknown }).name === 'string';
}

/** The name of the deepest matched route that has one. */
export function routeNameOf(matches: readonly UIMatch[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.name;
  }
  return null;
}
