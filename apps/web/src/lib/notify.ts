import type { NotificationData } from '@mantine/notifications';

/**
 * Shows a notification (Mantine's `notifications.show`). Mantine's notifications code, with its transitions, loads on
 * the first one rather than with the page: no page needs it before it is usable (ADR 039's budget), and the layer that
 * shows them mounts once the page has settled (app/providers.tsx).
 */
export function notify(data: NotificationData): void {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(data));
}
