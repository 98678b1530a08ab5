import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { trackPageView } from '../lib/analytics';
import { routeNameOf } from './route-handle';

/** Records a page view for each new path: the matched route's name, and the path it was reached from. */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  const name = routeNameOf(useMatches()) ?? 'unnamed';
  const previous = useRef<string | null>(null);

  useEffect(() => {
    // Also guards against StrictMode running the effect twice for one page.
    if (previous.current === pathname) return;
    const origin = previous.current ?? (document.referrer || null);
    previous.current = pathname;
    trackPageView(name, origin);
  }, [pathname, name]);
}
