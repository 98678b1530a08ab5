import { lazy, Suspense } from 'react';

const Notices = {
  DemoNotice: lazy(async () => ({ default: (await import('./lesson-notices')).DemoNotice })),
  VideoUnavailable: lazy(async () => ({ default: (await import('./lesson-notices')).VideoUnavailable })),
};

/** The demo-lesson notice, loaded when a demo lesson shows (lesson-notices.tsx). */
export function LazyDemoNotice() {
  return (
    <Suspense fallback={null}>
      <Notices.DemoNotice />
    </Suspense>
  );
}

/** The missing-video notice, loaded when a part has no video file (lesson-notices.tsx). */
export function LazyVideoUnavailable() {
  return (
    <Suspense fallback={null}>
      <Notices.VideoUnavailable />
    </Suspense>
  );
}
