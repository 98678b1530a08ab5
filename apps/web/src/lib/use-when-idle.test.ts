import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_TIMEOUT_MS, SETTLED_GRACE_MS, whenPageSettled } from './use-when-idle';

describe('whenPageSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<main><h1>Fractions</h1></main>';
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it("waits for the page's heading: its code may still be arriving while nothing fetches", async () => {
    document.body.innerHTML = '<main></main>';
    const done = vi.fn();
    whenPageSettled(new QueryClient(), done);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(done).not.toHaveBeenCalled();

    document.querySelector('main')!.innerHTML = '<h1>Fractions</h1>';
    await vi.advanceTimersByTimeAsync(SETTLED_GRACE_MS + 1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('is done a moment after the first idle moment when the page fetches nothing', async () => {
    const done = vi.fn();
    whenPageSettled(new QueryClient(), done);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SETTLED_GRACE_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SETTLED_GRACE_MS + 1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("waits for the page's requests, then for an idle moment", async () => {
    const client = new QueryClient();
    let answer!: (value: string) => void;
    void client.fetchQuery({ queryKey: ['lesson'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    const done = vi.fn();
    whenPageSettled(client, done);

    await vi.advanceTimersByTimeAsync(2_000);
    expect(done).not.toHaveBeenCalled();

    answer('the lesson');
    await vi.advanceTimersByTimeAsync(SETTLED_GRACE_MS + 1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('waits for a request that starts after another has ended', async () => {
    const client = new QueryClient();
    let first!: (value: string) => void;
    let second!: (value: string) => void;
    void client.fetchQuery({ queryKey: ['me'], queryFn: () => new Promise<string>((r) => (first = r)) });
    const done = vi.fn();
    whenPageSettled(client, done);
    await vi.advanceTimersByTimeAsync(1);

    first('me');
    // The dependent request starts before the idle moment comes.
    void client.fetchQuery({ queryKey: ['class'], queryFn: () => new Promise<string>((r) => (second = r)) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).not.toHaveBeenCalled();

    second('class');
    await vi.advanceTimersByTimeAsync(SETTLED_GRACE_MS + 1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('waits again for a request that starts in the moment after the idle one', async () => {
    const client = new QueryClient();
    const done = vi.fn();
    whenPageSettled(client, done);
    await vi.advanceTimersByTimeAsync(1);
    let answer!: (value: string) => void;
    void client.fetchQuery({ queryKey: ['late'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    await vi.advanceTimersByTimeAsync(SETTLED_GRACE_MS * 2);
    expect(done).not.toHaveBeenCalled();

    answer('late');
    await vi.advanceTimersByTimeAsync(SETTLED_GRACE_MS + 1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it(`gives up waiting for requests after ${SETTLE_TIMEOUT_MS} ms`, async () => {
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>(() => {}) });
    const done = vi.fn();
    whenPageSettled(client, done);
    await vi.advanceTimersByTimeAsync(SETTLE_TIMEOUT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', async () => {
    const done = vi.fn();
    const cancel = whenPageSettled(new QueryClient(), done);
    cancel();
    await vi.advanceTimersByTimeAsync(SETTLE_TIMEOUT_MS);
    expect(done).not.toHaveBeenCalled();
  });
});
