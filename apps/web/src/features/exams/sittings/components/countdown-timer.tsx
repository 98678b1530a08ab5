import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { formatClock } from '../hooks/countdown';

/**
 * The time left, always visible. The clock itself is a timer (role="timer", which screen readers do not read out
 * every second); the warnings at 5 minutes and 1 minute go through a separate live region, once each.
 */
export function CountdownTimer({ secondsLeft, warning }: { secondsLeft: number; warning: string | null }) {
  const tone = secondsLeft <= 60 ? 'red.9' : secondsLeft <= 300 ? 'orange.9' : undefined;
  return (
    <Group gap="xs" wrap="nowrap">
      <IconClock size={20} aria-hidden color={tone ? `var(--mantine-color-${tone.replace('.', '-')})` : undefined} />
      <Text fw={700} c={tone} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Text span size="sm" fw={500} c={tone ?? 'dimmed'}>
          Time left{' '}
        </Text>
        <span role="timer" aria-live="off" aria-label={`Time left ${spoken(secondsLeft)}`}>
          {formatClock(secondsLeft)}
        </span>
      </Text>
      <Text size="sm" c={tone} fw={600} aria-live="assertive" aria-atomic="true" data-testid="countdown-warning">
        {warning}
      </Text>
    </Group>
  );
}

/** "12 minutes 5 seconds": what the timer says when a screen reader reaches it. */
function spoken(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [];
  if (h > 0) parts.push(`${h} ${h === 1 ? 'hour' : 'hours'}`);
  if (m > 0) parts.push(`${m} ${m === 1 ? 'minute' : 'minutes'}`);
  if (s > 0 || parts.length === 0) parts.push(`${s} ${s === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}
