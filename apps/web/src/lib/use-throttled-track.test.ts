import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushAnalytics } from './analytics';
import { postJson } from './request';
import { useThrottledTrack } from './use-throttled-track';

vi.mock('./request', () => ({
  postJson: vi.fn(async () => ({ ok: true, body: null, status: 204, failureReason: null })),
}));

const sentItems = () => vi.mocked(postJson).mock.calls.flatMap(([, body]) => (body as { items: unknown[] }).items);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  flushAnalytics();
  vi.mocked(postJson).mockClear();
  vi.useRealTimers();
});

describe('useThrottledTrack', () => {
  it('keeps one tracker across renders, so throttling holds between them', async () => {
    const { result, rerender } = renderHook(() => useThrottledTrack());
    const first = result.current;
    first('toggled student names');
    rerender();
    expect(result.current).toBe(first);
    result.current('toggled student names');
    await vi.advanceTimersByTimeAsync(999);
    result.current('toggled student names');
    await vi.advanceTimersByTimeAsync(1);
    result.current('toggled student names');
    flushAnalytics();
    expect(sentItems()).toHaveLength(2);
  });

  it('gives each component its own tracker', () => {
    const a = renderHook(() => useThrottledTrack(5000));
    const b = renderHook(() => useThrottledTrack(5000));
    a.result.current('used course jumper');
    b.result.current('used course jumper');
    flushAnalytics();
    expect(sentItems()).toHaveLength(2);
  });

  it('makes a new tracker when the interval changes', () => {
    const { result, rerender } = renderHook(({ ms }) => useThrottledTrack(ms), { initialProps: { ms: 1000 } });
    const first = result.current;
    rerender({ ms: 2000 });
    expect(result.current).not.toBe(first);
  });
});
