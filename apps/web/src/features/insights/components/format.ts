import type { NeedsHelpReason } from '@banksia/contracts/insights';

/** A share (0–1) as a whole percentage, "—" when there is none. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/** A percentage (0–100) rounded to a whole number. */
export function formatPercent(percent: number | null): string {
  return percent === null ? '—' : `${Math.round(percent)}%`;
}

/** Marks without trailing zeros: 2, 1.5. */
export function formatMarks(marks: number): string {
  return String(Math.round(marks * 100) / 100);
}

/** Seconds as "1 min 05 s" or "42 s". */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

export const needsHelpLabels: Record<NeedsHelpReason, string> = {
  below_half: 'Scored below 50%',
  not_submitted: 'Started, not submitted',
  not_started: 'Not started',
};

/** A short excerpt of plain text for a table cell. */
export function excerpt(text: string, length = 90): string {
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}
