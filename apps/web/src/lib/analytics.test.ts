import { analyticsBatchBody } from '@banksia/contracts/analytics';
import type { AnalyticsBatchBody } from '@banksia/contracts/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottledTracker, flushAnalytics, track, trackPageView } from './analytics';
import { postJson } from './request';

vi.mock('./request', () => ({
  postJson: vi.fn(async () => ({ ok: true, body: null, status: 204, failureReason: null })),
}));

const sent = () => vi.mocked(postJson).mock.calls;
const batch = (index: number) => sent()[index]?.[1] as AnalyticsBatchBody;
const allItems = () => sent().flatMap((_call, i) => batch(i).items);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2030-03-04T05:06:07.000Z'));
});

afterEach(() => {
  // The queue is module state: empty it so no test sees another's items.
  flushAnalytics();
  vi.mocked(postJson).mockClear();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('batching', () => {
  it('sends queued items as one POST to /api/v1/analytics/ after 2000 ms of quiet', async () => {
    window.history.replaceState(null, '', '/classes/3/');
    track('toggled student names', { shown: true });
    trackPageView('Class', '/dashboard/');
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.[0]).toBe('/api/v1/analytics/');
    expect(batch(0)).toEqual({
      items: [
        {
          kind: 'event',
          name: 'toggled student names',
          properties: { shown: true },
          occurred_at: '2030-03-04T05:06:07.000Z',
          path: '/classes/3/',
        },
        {
          kind: 'page_view',
          name: 'Class',
          origin: '/dashboard/',
          occurred_at: '2030-03-04T05:06:07.000Z',
          path: '/classes/3/',
        },
      ],
    });
    expect(analyticsBatchBody.safeParse(batch(0)).success).toBe(true);
  });

  it('restarts the quiet period with each new item', async () => {
    track('used course jumper');
    await vi.advanceTimersByTimeAsync(1500);
    track('used course jumper');
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batch(0).items).toHaveLength(2);
  });

  it('defaults properties to an empty object', async () => {
    track('clicked take a tour button');
    await vi.advanceTimersByTimeAsync(2000);
    expect(batch(0).items[0]).toMatchObject({ properties: {} });
  });

  it('sends at once when 20 items are queued, and not at 19', async () => {
    for (let i = 0; i < 19; i++) track('used course jumper', { i });
    expect(sent()).toHaveLength(0);
    track('used course jumper', { i: 19 });
    expect(sent()).toHaveLength(1);
    expect(batch(0).items).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent()).toHaveLength(1);
  });

  it('sends the queue with keepalive on pagehide', () => {
    track('toggled exam lock', { locked: true });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.[2]).toEqual({ keepalive: true });
  });

  it('sends nothing when the queue is empty', () => {
    flushAnalytics();
    window.dispatchEvent(new Event('pagehide'));
    expect(sent()).toHaveLength(0);
  });
});

describe('createThrottledTracker', () => {
  it('drops an event with the same name within the interval, and sends it once the interval has passed', async () => {
    const throttled = createThrottledTracker(1000);
    throttled('used course jumper');
    await vi.advanceTimersByTimeAsync(999);
    throttled('used course jumper');
    await vi.advanceTimersByTimeAsync(1);
    throttled('used course jumper');
    flushAnalytics();
    expect(allItems()).toHaveLength(2);
  });

  it('throttles each event name separately', () => {
    const throttled = createThrottledTracker(1000);
    throttled('used course jumper');
    throttled('toggled exam lock');
    throttled('used course jumper');
    flushAnalytics();
    expect(batch(0).items.map((item) => item.name)).toEqual(['used course jumper', 'toggled exam lock']);
  });

  it('measures the interval from the last event sent, not the last one dropped', async () => {
    const throttled = createThrottledTracker(1000);
    throttled('toggled exam lock');
    await vi.advanceTimersByTimeAsync(600);
    throttled('toggled exam lock');
    await vi.advanceTimersByTimeAsync(400);
    throttled('toggled exam lock');
    flushAnalytics();
    expect(allItems()).toHaveLength(2);
  });
});
