import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

interface YearNavProps {
  label: string;
  years: readonly number[];
  /** The year shown; null for "all years". */
  current: number | null;
  hrefFor: (year: number | null) => string;
  /** Offer an "All years" link first. */
  withAll?: boolean;
}

/** Links between the years of a page (/account/classes/2026/ and so on), the current one marked. */
export function YearNav({ label, years, current, hrefFor, withAll = false }: YearNavProps) {
  const item = (year: number | null, text: string) => {
    const active = year === current;
    return (
      <Button
        key={year ?? 'all'}
        component={Link}
        to={hrefFor(year)}
        size="compact-md"
        variant={active ? 'filled' : 'default'}
        aria-current={active ? 'page' : undefined}
        replace
      >
        {text}
      </Button>
    );
  };
  return (
    <Group component="nav" aria-label={label} gap="xs">
      {withAll && item(null, 'All years')}
      {years.map((year) => item(year, String(year)))}
    </Group>
  );
}
