import { useEffect, useRef } from 'react';
import { recordChunkVisit } from '../api/record-chunk-visit';
import { useDemoMode } from './demo-mode';

/**
 * Records one visit when a chunk is opened in a class. StrictMode's second run of the effect and re-renders do not
 * record it again; opening the chunk again later (a new page) does. Nothing is recorded in demo mode.
 */
export function useChunkVisit(classId: number | null, chunkId: number, onRecorded?: (chunkId: number) => void): void {
  const demo = useDemoMode();
  const recorded = useRef<number | null>(null);
  const callback = useRef(onRecorded);
  useEffect(() => {
    callback.current = onRecorded;
  });

  useEffect(() => {
    if (demo || classId === null || recorded.current === chunkId) return;
    recorded.current = chunkId;
    // Best effort: a lost visit is not worth interrupting the lesson for, and the request helper reports real faults.
    recordChunkVisit(classId, chunkId).then(
      () => callback.current?.(chunkId),
      () => {},
    );
  }, [demo, classId, chunkId]);
}
