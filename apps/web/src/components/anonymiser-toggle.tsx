import { Switch } from '@mantine/core';

/**
 * "Hide student names" (spec §4 anonymiser): shows the day's made-up names instead of real ones, e.g. while a teacher's
 * screen is projected. The state lives in a cookie the server reads, so every teacher page and export follows it.
 */
export function AnonymiserToggle({
  checked,
  onChange,
  withDescription = true,
}: {
  checked: boolean;
  onChange: (hidden: boolean) => void;
  withDescription?: boolean;
}) {
  return (
    <Switch
      label="Hide student names"
      description={withDescription ? 'Shows made-up animal names instead, until 2 am tomorrow.' : undefined}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
