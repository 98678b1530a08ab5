import { ANALYTICS_BATCH_MAX } from '@banksia/contracts/analytics';
import type { AnalyticsBatchBody, AnalyticsItem, TrackedEventName } from '@banksia/contracts/analytics';
import { urlFor } from './named-routes';
import { postJson } from './request';

export type EventProperties = Extract<AnalyticsItem, { kind: 'event' }>['properties'];
export type TrackFn = (name: TrackedEventName, properties?: EventProperties) => void;

/** Batching: send after this long without a new item, or as soon as this many are queued. */
export const analyticsConfig = { flushDelayMs: 2000, flushAtCount: 20 };

let queue: AnalyticsItem[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** Queues a tracked event for the next batch. */
export function track(name: TrackedEventName, properties: EventProperties = {}): void {
  enqueue({ kind: 'event', name, properties, occurred_at: new Date().toISOString(), path: location.pathname });
}

/** Queues a page view: the named page and the address it was reached from. */
export function trackPageView(name: string, origin: string | null): void {
  enqueue({ kind: 'page_view', name, origin, occurred_at: new Date().toISOString(), path: location.pathname });
}

/** Sends everything queued now; `keepalive` lets the send outlive a closing page. */
export function flushAnalytics({ keepalive = false }: { keepalive?: boolean } = {}): void {
  clearTimeout(timer);
  timer = undefined;
  const items = queue;
  queue = [];
  for (let start = 0; start < items.length; start += ANALYTICS_BATCH_MAX) {
    const batch: AnalyticsBatchBody = { items: items.slice(start, start + ANALYTICS_BATCH_MAX) };
    // Analytics is best effort: a failed batch is dropped, never retried from here.
    void postJson(urlFor('api:analytics'), batch, { keepalive });
  }
}

/** A `track` that drops an event whose name was last sent less than `intervalMs` ago. */
export function createThrottledTracker(intervalMs: number): TrackFn {
  const lastSent = new Map<TrackedEventName, number>();
  return (name, properties) => {
    const now = Date.now();
    const last = lastSent.get(name);
    if (last !== undefined && now - last < intervalMs) return;
    lastSent.set(name, now);
    track(name, properties);
  };
}

function enqueue(item: AnalyticsItem): void {
  if (!listening) {
    listening = true;
    // The last items of a visit would otherwise be lost when the tab closes or navigates away.
    window.addEventListener('pagehide', () => flushAnalytics({ keepalive: true }));
  }
  queue.push(item);
  clearTimeout(timer);
  if (queue.length >= analyticsConfig.flushAtCount) flushAnalytics();
  else timer = setTimeout(() => flushAnalytics(), analyticsConfig.flushDelayMs);
}
