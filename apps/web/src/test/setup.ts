import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages load lazily (a route's chunk, then its data): on a loaded two-core CI machine the first find of a test file
// can take well over the 1 s default while the route's modules are first transformed. Waits still end as soon as
// the element appears; only a real failure takes longer to report.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  // Notifications live in Mantine's store, outside any rendered tree: one left by a test would show in the next.
  (await import('@mantine/notifications')).notifications.clean();
  (await import('../lib/notify')).forgetNotificationsShown();
  window.localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// Mantine reads these browser APIs, which jsdom lacks.
if (!window.matchMedia) {
  // The test machine prefers reduced motion (AppProviders' env 'test' respects it): Mantine's transitions then take
  // no time and leave no timer behind, which would otherwise fire after a test file's window is gone.
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// Mantine's autosizing Textarea listens for web fonts loading, which jsdom does not model.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
