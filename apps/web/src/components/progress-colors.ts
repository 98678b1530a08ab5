import type { ProgressBand } from '@banksia/contracts/rules/progress';

/**
 * Fill colour of each progress band (spec §4), red through amber and green to the brand's dark teal. Each fill has
 * at least 4.5:1 contrast with white, so the grids can print the percent in white on it (WCAG 1.4.3), and 3:1 with
 * the grey track (1.4.11); the percent is always printed, so colour is never the only cue.
 */
export const progressBandColors: Record<ProgressBand, string> = {
  zero: '#495057',
  'very-low': '#c92a2a',
  low: '#c2410c',
  medium: '#9a6700',
  high: '#4d7c0f',
  'very-high': '#1e7b34',
  complete: '#0b5f50',
  na: '#495057',
};

/** Segment colours of the tri-state bar; "none" matches the empty track. */
export const triStateColors = { complete: '#0b5f50', partial: '#9a6700', none: '#dee2e6' } as const;
