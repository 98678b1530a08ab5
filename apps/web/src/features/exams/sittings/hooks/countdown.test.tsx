import { MantineProvider } from '@mantine/core';
import { act, render as renderBare, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountdownTimer } from '../components/countdown-timer';
import { formatClock, formatDuration, useCountdown, warningBetween } from './countdown';

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.2, '1:00'],
    [600, '10:00'],
    [1799, '29:59'],
    [3600, '1:00:00'],
    [3909, '1:05:09'],
    [-4, '0:00'],
  ])('%s s → %s', (seconds, shown) => {
    expect(formatClock(seconds)).toBe(shown);
  });
});

describe('formatDuration', () => {
  it.each([
    [1, '1 minute'],
    [30, '30 minutes'],
    [60, '1 hour'],
    [75, '1 hour 15 minutes'],
    [120, '2 hours'],
  ])('%s min → %s', (minutes, said) => {
    expect(formatDuration(minutes)).toBe(said);
  });
});

describe('warningBetween', () => {
  it.each([
    [302, 301, null],
    [301, 300, '5 minutes left'],
    [400, 250, '5 minutes left'],
    [300, 299, null],
    [61, 60, '1 minute left'],
    // A page that was asleep past both thresholds warns of the nearer one only.
    [400, 30, '1 minute left'],
    [60, 0, null],
  ] as const)('%s → %s s: %s', (before, after, warning) => {
    const due = warningBetween(before, after);
    if (warning === null) expect(due).toBeNull();
    else expect(due).toMatch(new RegExp(`^${warning}`));
  });
});

const render = (ui: ReactNode) => renderBare(<MantineProvider>{ui}</MantineProvider>);

function Clock({ deadline, onTimeUp }: { deadline: number | null; onTimeUp: () => void }) {
  const { secondsLeft, warning } = useCountdown(deadline, onTimeUp);
  if (secondsLeft === null) return <p>Not timed</p>;
  return <CountdownTimer secondsLeft={secondsLeft} warning={warning} />;
}

describe('useCountdown with CountdownTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('counts down each second without announcing it, and warns once at 5 minutes and once at 1 minute', async () => {
    const onTimeUp = vi.fn();
    render(<Clock deadline={Date.now() + 6 * 60 * 1000} onTimeUp={onTimeUp} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('6:00');
    // The clock is not a live region: screen readers are not told every second.
    expect(timer).toHaveAttribute('aria-live', 'off');
    const warning = screen.getByTestId('countdown-warning');
    expect(warning).toHaveAttribute('aria-live', 'assertive');
    expect(warning).toBeEmptyDOMElement();

    await tick(59_000);
    expect(timer).toHaveTextContent('5:01');
    expect(warning).toBeEmptyDOMElement();
    await tick(1_000);
    expect(timer).toHaveTextContent('5:00');
    expect(warning).toHaveTextContent(/^5 minutes left/);
    const fiveMinuteText = warning.textContent;
    await tick(30_000);
    // Still the same message, not re-announced each second.
    expect(warning.textContent).toBe(fiveMinuteText);

    await tick(210_000);
    expect(timer).toHaveTextContent('1:00');
    expect(warning).toHaveTextContent(/^1 minute left/);
    expect(onTimeUp).not.toHaveBeenCalled();

    await tick(60_000);
    expect(timer).toHaveTextContent('0:00');
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    await tick(10_000);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  it('a page opened after the deadline calls time up at once, with no warnings', async () => {
    const onTimeUp = vi.fn();
    render(<Clock deadline={Date.now() - 5_000} onTimeUp={onTimeUp} />);
    await tick(0);
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('countdown-warning')).toBeEmptyDOMElement();
  });

  it('follows the clock, not the number of ticks: a tab throttled for two minutes is not behind', async () => {
    render(<Clock deadline={Date.now() + 10 * 60 * 1000} onTimeUp={() => {}} />);
    vi.setSystemTime(Date.now() + 120_000);
    await tick(1_000);
    expect(screen.getByRole('timer')).toHaveTextContent('7:59');
  });

  it('no deadline: not timed', () => {
    render(<Clock deadline={null} onTimeUp={() => {}} />);
    expect(screen.getByText('Not timed')).toBeInTheDocument();
  });
});
