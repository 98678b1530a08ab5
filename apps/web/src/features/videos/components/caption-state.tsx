import type { CaptionState } from '@banksia/contracts/videos';
import { Badge } from '@mantine/core';

export const CAPTION_STATE_LABELS: Record<CaptionState, { label: string; color: string }> = {
  none: { label: 'No captions', color: 'gray' },
  requested: { label: 'Requested', color: 'grape' },
  draft: { label: 'Draft', color: 'blue' },
  in_review: { label: 'In review', color: 'orange' },
  changes_requested: { label: 'Sent back', color: 'red' },
  approved: { label: 'Approved', color: 'teal' },
};

// A badge clips its label with an ellipsis; in a table's narrow column that left "NO CA…". The label is short, so it
// keeps its full width and the column makes room for it.
const unclipped = { root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** A video's caption state as a badge. */
export function CaptionStateBadge({ state }: { state: CaptionState }) {
  const { label, color } = CAPTION_STATE_LABELS[state];
  return (
    <Badge color={color} variant="light" styles={unclipped}>
      {label}
    </Badge>
  );
}

/** Seconds as m:ss (or h:mm:ss). */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes >= 1_000_000_000) return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}
