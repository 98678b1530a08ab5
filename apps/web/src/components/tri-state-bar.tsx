import { triStateSegments } from '@banksia/contracts/rules/progress';
import { Box, Group, Progress, Text, VisuallyHidden } from '@mantine/core';
import { triStateColors } from './progress-colors';

export interface TriStateBarProps {
  /** How many are complete, e.g. students who finished a lesson. */
  complete: unknown;
  /** How many are part-way. */
  partial: unknown;
  /** How many have not started. */
  none: unknown;
  /** What the bar counts, e.g. "Students"; starts the text alternative. */
  label?: string;
  /** Shows a legend with the counts under the bar. */
  withLegend?: boolean;
}

const parts = [
  { key: 'complete', word: 'complete' },
  { key: 'partial', word: 'partly done' },
  { key: 'none', word: 'not started' },
] as const;

/**
 * A bar split into complete, partial and not-started shares (spec §5 "Display"). A negative or non-numeric count
 * makes it invalid, and an invalid bar renders empty rather than drawing made-up proportions.
 */
export function TriStateBar({ complete, partial, none, label = 'Progress', withLegend = false }: TriStateBarProps) {
  const bar = triStateSegments({ complete, partial, none });
  if (!bar.valid) return null;
  const summary = `${label}: ${parts.map(({ key, word }) => `${bar[key]} ${word}`).join(', ')}`;
  return (
    <Box>
      <Progress.Root size="md" aria-hidden data-total={bar.total}>
        {parts.map(({ key }) =>
          bar.percents[key] > 0 ? (
            <Progress.Section key={key} value={bar.percents[key]} color={triStateColors[key]} withAria={false} />
          ) : null,
        )}
      </Progress.Root>
      <VisuallyHidden>{summary}</VisuallyHidden>
      {withLegend && (
        <Group gap="md" mt={4} aria-hidden>
          {parts.map(({ key, word }) => (
            <Group key={key} gap={4} wrap="nowrap">
              <Box w={10} h={10} bg={triStateColors[key]} style={{ borderRadius: 2, border: '1px solid #868e96' }} />
              <Text size="xs">
                {bar[key]} {word}
              </Text>
            </Group>
          ))}
        </Group>
      )}
    </Box>
  );
}
