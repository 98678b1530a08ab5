import { MAX_SELF_RATING, MIN_SELF_RATING } from '@banksia/contracts/rules/self-rating';
import { Group, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

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

/** The student's own rating of how well they understand a lesson, 1 to 5, with what each number means. */
export function SelfRatingControl({ value, onChange }: SelfRatingControlProps) {
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text fw={600} id={labelId}>
        How well do you understand this lesson?
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        fullWidth
        color="teal"
        value={value === null ? '' : String(value)}
        onChange={(next) => onChange(Number(next))}
        data={ratings.map((rating) => ({
          value: String(rating),
          label: (
            <>
              <span aria-hidden>{rating}</span>
              <VisuallyHidden>
                {rating}: {selfRatingLabels[rating]}
              </VisuallyHidden>
            </>
          ),
        }))}
      />
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
