import { MAX_SELF_RATING, MIN_SELF_RATING } from '@banksia/contracts/rules/self-rating';
import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import classes from './self-rating-control.module.css';

/** What each rating means. 1 and 5 are the spec's words; the app chose the ones between. */
export const selfRatingLabels: Record<number, string> = {
  1: "I don't get it yet",
  2: "I'm starting to get it",
  3: 'I get the main ideas',
  4: "I've got it",
  5: 'I could teach it',
};

const ratings = Array.from({ length: MAX_SELF_RATING - MIN_SELF_RATING + 1 }, (_, i) => MIN_SELF_RATING + i);

interface SelfRatingControlProps {
  value: number | null;
  onChange: (rating: number) => void;
}

/**
 * The student's own rating of how well they understand a lesson, 1 to 5, with what each number means: native radio
 * buttons (arrow keys move between them) drawn as a segmented control by CSS alone.
 */
export function SelfRatingControl({ value, onChange }: SelfRatingControlProps) {
  const labelId = useId();
  const name = useId();
  return (
    <Stack gap={6}>
      <Text fw={600} id={labelId}>
        How well do you understand this lesson?
      </Text>
      <div role="radiogroup" aria-labelledby={labelId} className={classes.group}>
        {ratings.map((rating) => (
          <label key={rating} className={classes.option}>
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              className={classes.input}
            />
            <span aria-hidden className={classes.face}>
              {rating}
            </span>
            <VisuallyHidden>
              {rating}: {selfRatingLabels[rating]}
            </VisuallyHidden>
          </label>
        ))}
      </div>
      <Group justify="space-between" gap="xs" aria-hidden>
        <Text size="xs" c="dimmed">
          1 · {selfRatingLabels[MIN_SELF_RATING]}
        </Text>
        <Text size="xs" c="dimmed" ta="right">
          5 · {selfRatingLabels[MAX_SELF_RATING]}
        </Text>
      </Group>
      <Text size="sm" aria-live="polite">
        {value === null ? 'Not rated yet.' : `Your rating: ${value}, ${selfRatingLabels[value]}.`}
      </Text>
    </Stack>
  );
}
