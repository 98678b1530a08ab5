import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  PAIR_FREE_FAILURES,
  pairDelayMs,
  retryAfterSeconds,
} from './login-throttle';

const now = new Date('2026-03-02T09:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const none = { n: 0, oldest: null };

describe('pairDelayMs: one account from one address', () => {
  it.each([
    [0, 0],
    [PAIR_FREE_FAILURES - 1, 0],
    [PAIR_FREE_FAILURES, 30_000],
    [PAIR_FREE_FAILURES + 1, 60_000],
    [PAIR_FREE_FAILURES + 2, 120_000],
    [PAIR_FREE_FAILURES + 4, 480_000],
    [PAIR_FREE_FAILURES + 5, LOGIN_WINDOW_MS],
    [PAIR_FREE_FAILURES + 50, LOGIN_WINDOW_MS],
  ])('after %i failures, waits %i ms', (failures, delay) => {
    expect(pairDelayMs(failures)).toBe(delay);
  });
});

describe('retryAfterSeconds', () => {
  it.each([
    ['no failures', { pair: { n: 0, latest: null }, address: none }, 0],
    ['4 failures for the pair', { pair: { n: 4, latest: ago(1000) }, address: { n: 4, oldest: ago(9000) } }, 0],
    [
      '5 failures, the latest 10 s ago',
      { pair: { n: 5, latest: ago(10_000) }, address: { n: 5, oldest: ago(60_000) } },
      20,
    ],
    ['5 failures, the latest 30 s ago', { pair: { n: 5, latest: ago(30_000) }, address: none }, 0],
    ['7 failures, the latest now', { pair: { n: 7, latest: now }, address: none }, 120],
    [
      '99 failures from the address across accounts',
      { pair: { n: 1, latest: ago(1000) }, address: { n: ADDRESS_MAX_FAILURES - 1, oldest: ago(60_000) } },
      0,
    ],
    [
      '100 failures from the address: until the oldest leaves the window',
      { pair: { n: 1, latest: ago(1000) }, address: { n: ADDRESS_MAX_FAILURES, oldest: ago(300_000) } },
      10 * 60,
    ],
    [
      'the longer of the two waits',
      { pair: { n: 10, latest: now }, address: { n: ADDRESS_MAX_FAILURES, oldest: ago(600_000) } },
      15 * 60,
    ],
  ])('%s → %i s', (_case, counts, expected) => {
    expect(retryAfterSeconds(now, counts)).toBe(expected);
  });
});
