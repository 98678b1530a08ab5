import { Group, Stack, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProgressBar } from '../../../../components/progress-bar';

interface ProgressMeterProps {
  /** What is measured, e.g. "Parts opened"; also the bar's accessible name. */
  label: string;
  value: unknown;
  total: unknown;
  /** The counts in words, e.g. "3 of 8". */
  detail?: ReactNode;
  size?: MantineSize;
  /** Keeps the label for screen readers only, e.g. in a table whose column header already says it. */
  labelHidden?: boolean;
}

/**
 * The shared progress bar (band colours and N/A of spec §4–§5) with what it measures above it and the counts beside
 * it, for course pages.
 */
export function ProgressMeter({ label, value, total, detail, size = 'md', labelHidden = false }: ProgressMeterProps) {
  return (
    <Stack gap={2} miw={0}>
      {!labelHidden && (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" truncate>
            {label}
          </Text>
          {detail && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {detail}
            </Text>
          )}
        </Group>
      )}
      <ProgressBar value={value} total={total} label={label} size={size} />
      {labelHidden && detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}
