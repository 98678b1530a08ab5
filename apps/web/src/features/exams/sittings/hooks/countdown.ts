import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Seconds left at which the countdown warns, once each, through its live region. */
export const COUNTDOWN_WARNINGS = [
  { seconds: 5 * 60, message: '5 minutes left. Check your answers are finished.' },
  { seconds: 60, message: '1 minute left. Your answers will be submitted when the time is up.' },
] as const;

/** "29:59", or "1:05:09" from an hour up. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** How long the time is, said the way a person says it: "30 minutes", "1 hour 15 minutes". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [];
  if (h > 0) parts.push(`${h} ${h === 1 ? 'hour' : 'hours'}`);
  if (m > 0 || h === 0) parts.push(`${m} ${m === 1 ? 'minute' : 'minutes'}`);
  return parts.join(' ');
}

/**
 * The warning due when the time left goes from `before` to `after` seconds: the last threshold crossed, or null.
 * A page opened with 3 minutes left gets no 5-minute warning (it was never crossed here), only the 1-minute one.
 */
export function warningBetween(before: number, after: number): string | null {
  let due: string | null = null;
  for (const warning of COUNTDOWN_WARNINGS) {
    if (before > warning.seconds && after <= warning.seconds) due = warning.message;
  }
  return due;
}

export interface Countdown {
  /** Whole seconds left, never below 0; null when there is no deadline. */
  secondsLeft: number | null;
  /** The latest warning, for an aria-live region: it changes only at the thresholds, never every second. */
  warning: string | null;
}

/**
 * Counts down to `deadline` (ms since the epoch, by this browser's clock), ticking each second. Calls `onTimeUp`
 * once when the time runs out (at once if it already has). Null deadline: not timed.
 */
export function useCountdown(deadline: number | null, onTimeUp: () => void): Countdown {
  const [now, setNow] = useState(() => Date.now());
  // Read from the clock at each tick rather than counted down, so a throttled background tab is never behind.
  const secondsLeft = deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
  const [seen, setSeen] = useState(secondsLeft);
  const [warning, setWarning] = useState<string | null>(null);
  if (secondsLeft !== seen) {
    // Adjusted while rendering, so the warning shows with the second that crossed its threshold.
    setSeen(secondsLeft);
    const due = seen !== null && secondsLeft !== null ? warningBetween(seen, secondsLeft) : null;
    if (due) setWarning(due);
  }

  const onTimeUpRef = useRef(onTimeUp);
  useLayoutEffect(() => {
    onTimeUpRef.current = onTimeUp;
  });

  const running = secondsLeft !== null && secondsLeft > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const fired = useRef(false);
  useEffect(() => {
    if (secondsLeft !== 0 || fired.current) return;
    fired.current = true;
    onTimeUpRef.current();
  }, [secondsLeft]);

  return { secondsLeft, warning };
}
