import { useMemo } from 'react';
import { createThrottledTracker } from './analytics';
import type { TrackFn } from './analytics';

/** A throttled `track` kept for the component's lifetime, so each component throttles its own events. */
export function useThrottledTrack(intervalMs = 1000): TrackFn {
  return useMemo(() => createThrottledTracker(intervalMs), [intervalMs]);
}
