import type { ProgressBand } from '@banksia/contracts/rules/progress';

/**
 * Fill colour of each progress band (spec §4), red through amber and green to the brand's dark teal. Each fill has
 * at least 3:1 contrast with white and with the grey track (WCAG 1.4.11), and the percent is always printed beside
 * the bar, so colour is never the only cue.
 */
export const progressBandColors: Record<ProgressBand, string> = {
  zero: '#495057',
  'very-low': '#c92a2a',
  low: '#d9480f',
  medium: '#9a6700',
  high: '#4d7c0f',
  'very-high': '#2b8a3e',
  complete: '#0b5f50',
  na: '#495057',
};

/** Segment colours of the tri-state bar; "none" matches the empty track. */
export const triStateColors = { complete: '#0b5f50', partial: '#9a6700', none: '#dee2e6' } as const;
