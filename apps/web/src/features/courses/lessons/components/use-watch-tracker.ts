import { useEffect, useRef } from 'react';
import { recordChunkWatch } from '../api/record-chunk-watch';
import { useDemoMode } from './demo-mode';

/** How often watch time is reported while a video plays. */
export const WATCH_REPORT_INTERVAL_MS = 15_000;
/**
 * The largest step between two `timeupdate` events still counted as watching. Browsers fire it about four times a
 * second, so even at double speed a step is well under this; a longer jump is a seek and counts for nothing.
 */
const MAX_PLAYBACK_STEP_S = 2;
/** The API takes at most this many seconds in one report. */
const MAX_REPORT_S = 300;

/**
 * Tracks how much of a chunk's video the student really plays and reports it: every 15 seconds while playing, and on
 * pause, end, hiding the tab and leaving the chunk, each time with the seconds played since the last report.
 * Nothing is tracked in demo mode or without a class.
 */
export function useWatchTracker(
  video: HTMLVideoElement | null,
  classId: number | null,
  chunkId: number,
  onWatched?: (chunkId: number) => void,
): void {
  const demo = useDemoMode();
  const callback = useRef(onWatched);
  useEffect(() => {
    callback.current = onWatched;
  });

  useEffect(() => {
    if (!video || demo || classId === null) return;
    let last = video.currentTime;
    let pending = 0;

    const report = (keepalive = false) => {
      const seconds = Math.min(MAX_REPORT_S, Math.round(pending * 10) / 10);
      if (seconds <= 0) return;
      pending = Math.max(0, pending - seconds);
      recordChunkWatch(classId, chunkId, { seconds, position: video.currentTime }, { keepalive }).then(
        (progress) => {
          if (progress.watched) callback.current?.(chunkId);
        },
        // Best effort, like visits: watch time lost to a failed report is not worth stopping the video for.
        () => {},
      );
    };
    const onTimeUpdate = () => {
      const now = video.currentTime;
      const step = now - last;
      last = now;
      if (step > 0 && step <= MAX_PLAYBACK_STEP_S && !video.seeking) pending += step;
    };
    const resync = () => {
      last = video.currentTime;
    };
    const onStop = () => {
      onTimeUpdate();
      report();
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') report(true);
    };
    const onPageHide = () => report(true);

    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('seeking', resync);
    video.addEventListener('seeked', resync);
    video.addEventListener('play', resync);
    video.addEventListener('pause', onStop);
    video.addEventListener('ended', onStop);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    const timer = setInterval(() => report(), WATCH_REPORT_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('seeking', resync);
      video.removeEventListener('seeked', resync);
      video.removeEventListener('play', resync);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('ended', onStop);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the chunk (next part, another page): whatever was played since the last report still counts.
      report(true);
    };
  }, [video, demo, classId, chunkId]);
}
