import { Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useWhenIdle } from '../../../lib/use-when-idle';

const SelfRatingControl = lazy(async () => ({ default: (await import('./self-rating-control')).SelfRatingControl }));

/**
 * The self-rating (Mantine's SegmentedControl and its sliding indicator) loads once the lesson is showing and the
 * browser is idle, so the video and the lesson's parts come first. Until then a stand-in of the control's size keeps
 * its place, so nothing below it moves when it arrives.
 */
export function LazySelfRatingControl(props: ComponentProps<typeof SelfRatingControl>) {
  const idle = useWhenIdle();
  const standIn = (
    <Stack gap={6} aria-hidden>
      <Text fw={600}>How well do you understand this lesson?</Text>
      <Skeleton h={36} />
      <Skeleton h={40} />
    </Stack>
  );
  if (!idle) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SelfRatingControl {...props} />
    </Suspense>
  );
}
