import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

let shown = false;
const listeners = new Set<() => void>();

/**
 * Shows a notification (Mantine's `notifications.show`). Mantine's notifications code, with its transitions, loads on
 * the first one rather than with the page: no page needs it before it is usable (ADR 039's budget), and the layer that
 * shows them mounts then too (app/providers.tsx); the notification waits in Mantine's store until it has.
 */
export function notify(data: NotificationData): void {
  if (!shown) {
    shown = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(data));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any notification has been shown yet on this page load: the notifications layer mounts from then on. */
export function useNotificationsShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
}

/** As on a new page load: no notification shown yet (tests, which share one module graph across files). */
export function forgetNotificationsShown(): void {
  shown = false;
}
