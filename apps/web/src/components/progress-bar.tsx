import { progressBand, progressLabel, progressPercent } from '@banksia/contracts/rules/progress';
import { Group, Progress, Text, type MantineSize } from '@mantine/core';
import { progressBandColors } from './progress-colors';

export interface ProgressBarProps {
  /** How much is done, e.g. lessons watched. Anything that is not a non-negative number shows N/A. */
  value: unknown;
  /** How much there is; 0 or a bad value shows N/A. */
  total: unknown;
  /** What the bar measures, for screen readers, e.g. "Algebra progress". */
  label: string;
  size?: MantineSize | number;
}

/** A progress bar coloured by its band (spec §4) with the percent printed beside it, or N/A (spec §5 "Display"). */
export function ProgressBar({ value, total, label, size = 'md' }: ProgressBarProps) {
  const percent = progressPercent(value, total);
  const band = progressBand(percent);
  const text = progressLabel(value, total);
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress.Root
        size={size}
        style={{ flex: 1 }}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent === null ? undefined : Math.round(percent)}
        aria-valuetext={percent === null ? 'Not available' : text}
        data-band={band}
      >
        {/* The root carries the value; a section with its own role would announce it twice. */}
        <Progress.Section value={percent ?? 0} color={progressBandColors[band]} withAria={false} />
      </Progress.Root>
      <Text size="sm" fw={500} miw="3em" ta="right" aria-hidden>
        {text}
      </Text>
    </Group>
  );
}
