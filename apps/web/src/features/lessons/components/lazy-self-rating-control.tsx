import { Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';

const SelfRatingControl = lazy(async () => ({ default: (await import('./self-rating-control')).SelfRatingControl }));

/** How far outside the window the stand-in may be when the control starts loading, so it is there when scrolled to. */
const NEAR_MARGIN = '400px';

/**
 * The self-rating (Mantine's SegmentedControl and its sliding indicator) loads once its place is on screen or near
 * it, so the video and the lesson's parts come first, and a phone, where it sits below them, loads it only on the
 * way down. Until then a stand-in of the control's size keeps its place, so nothing below it moves when it arrives.
 */
export function LazySelfRatingControl(props: ComponentProps<typeof SelfRatingControl>) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: NEAR_MARGIN,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const standIn = (
    <Stack gap={6} aria-hidden ref={place}>
      <Text fw={600}>How well do you understand this lesson?</Text>
      <Skeleton h={36} />
      <Skeleton h={40} />
    </Stack>
  );
  if (!near) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SelfRatingControl {...props} />
    </Suspense>
  );
}
