import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

/** Links between the years of a school page, the current one marked. */
export function YearLinks({
  label,
  years,
  current,
  hrefFor,
}: {
  label: string;
  years: readonly number[];
  current: number;
  hrefFor: (year: number) => string;
}) {
  const all = [...new Set([...years, current])].sort((a, b) => b - a);
  if (all.length < 2) return null;
  return (
    <Group component="nav" aria-label={label} gap="xs">
      {all.map((year) => (
        <Button
          key={year}
          component={Link}
          to={hrefFor(year)}
          size="compact-md"
          variant={year === current ? 'filled' : 'default'}
          aria-current={year === current ? 'page' : undefined}
        >
          {year}
        </Button>
      ))}
    </Group>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });

/** An instant as "3 Mar 2026". */
export function formatDay(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** A percentage to one decimal place, or an en dash when there is none. */
export function formatPercent(value: number | null): string {
  return value === null ? '–' : `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}
