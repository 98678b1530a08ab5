/** Colour bands of the progress link bar, lowest first, plus `na` for a value that cannot be shown (spec §4). */
export const progressBands = ['zero', 'very-low', 'low', 'medium', 'high', 'very-high', 'complete', 'na'] as const;
export type ProgressBand = (typeof progressBands)[number];

/** A finite, non-negative number: the only thing a progress bar can draw. */
function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * The colour band for a percent (spec §4 "Progress link bar"): 0 zero; up to 20 very-low; up to 40 low; up to 60
 * medium; up to 80 high; above 80 very-high; exactly 100 complete. Upper bounds are inclusive (20 is very-low).
 * Anything that is not a number from 0 to 100 is `na`, so a bad value never looks like real progress.
 */
export function progressBand(percent: unknown): ProgressBand {
  if (!isCount(percent) || percent > 100) return 'na';
  if (percent === 0) return 'zero';
  if (percent <= 20) return 'very-low';
  if (percent <= 40) return 'low';
  if (percent <= 60) return 'medium';
  if (percent <= 80) return 'high';
  if (percent < 100) return 'very-high';
  return 'complete';
}

/**
 * `value` as a percent of `total`, clamped to 0–100; null (shown as N/A) when either is not a finite number or is
 * negative, or when total is 0 (spec §5 "Display"). Not rounded; `progressLabel` rounds for display.
 */
export function progressPercent(value: unknown, total: unknown): number | null {
  if (!isCount(value) || !isCount(total) || total === 0) return null;
  // More watched than exists happens when content is removed after a visit; it still reads as done.
  return Math.min(100, (value / total) * 100);
}

/**
 * The text on a progress bar: a whole percent such as `42%`, or `N/A`.
 * Rounds to the nearest percent but never shows 0% for some progress or 100% for unfinished work.
 */
export function progressLabel(value: unknown, total: unknown): string {
  const percent = progressPercent(value, total);
  if (percent === null) return 'N/A';
  if (percent === 0 || percent === 100) return `${percent}%`;
  return `${Math.min(99, Math.max(1, Math.round(percent)))}%`;
}

/** The drawable tri-state bar: counts and their share of the total as percents (each 0 when the total is 0). */
export interface TriStateBar {
  valid: true;
  total: number;
  complete: number;
  partial: number;
  none: number;
  percents: { complete: number; partial: number; none: number };
}

/**
 * Splits complete / partial / none counts into bar segments. A negative or non-numeric count makes the whole bar
 * invalid, and an invalid bar renders empty (spec §5 "Display"), rather than drawing misleading proportions.
 */
export function triStateSegments(counts: {
  complete: unknown;
  partial: unknown;
  none: unknown;
}): TriStateBar | { valid: false } {
  const { complete, partial, none } = counts;
  if (!isCount(complete) || !isCount(partial) || !isCount(none)) return { valid: false };
  const total = complete + partial + none;
  const share = (count: number) => (total === 0 ? 0 : (count / total) * 100);
  return {
    valid: true,
    total,
    complete,
    partial,
    none,
    percents: { complete: share(complete), partial: share(partial), none: share(none) },
  };
}
