import { SCORE_BANDS, type ScoreSummary } from '@banksia/contracts/schools';

/** To one decimal place. */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The median of numbers sorted ascending; null for none. */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The band of a percentage: 0–9 → 0, …, 90–100 → 9. */
export function scoreBand(percent: number): number {
  return Math.min(SCORE_BANDS - 1, Math.max(0, Math.floor(percent / 10)));
}

/** Average, median and distribution of students' percentages. */
export function summariseScores(percents: readonly number[], rosterSize: number, awaiting: number): ScoreSummary {
  const sorted = [...percents].sort((a, b) => a - b);
  const distribution = Array.from({ length: SCORE_BANDS }, () => 0);
  for (const p of sorted) distribution[scoreBand(p)]! += 1;
  const mid = median(sorted);
  return {
    roster_size: rosterSize,
    submitted: sorted.length,
    awaiting_marking: awaiting,
    average_percent: sorted.length ? round1(sorted.reduce((sum, p) => sum + p, 0) / sorted.length) : null,
    median_percent: mid === null ? null : round1(mid),
    distribution,
  };
}

/** An instant as ISO text (pg gives Date for timestamptz, or text through raw SQL). */
export function isoOrNull(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
