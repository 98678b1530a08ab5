import { Switch } from '@mantine/core';
import { track } from '../../../../lib/analytics';

export const ANONYMISE_PARAM = 'anonymise';

/**
 * "Hide student names" (spec §4 anonymiser): the page asks the server again with ?anonymise=1 and shows the day's
 * pseudonyms instead of real names, e.g. while the screen is projected in class.
 */
export function HideNamesSwitch({ checked, onChange }: { checked: boolean; onChange: (hidden: boolean) => void }) {
  return (
    <Switch
      label="Hide student names"
      description="Shows made-up names instead, e.g. on a projector."
      checked={checked}
      onChange={(event) => {
        const hidden = event.currentTarget.checked;
        track('toggled student names', { anonymised: hidden });
        onChange(hidden);
      }}
    />
  );
}
