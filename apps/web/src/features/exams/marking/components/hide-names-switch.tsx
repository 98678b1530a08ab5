import { AnonymiserToggle } from '../../../../components/anonymiser-toggle';

export const ANONYMISE_PARAM = 'anonymise';

/** "Hide student names" on the marking pages: the app-wide anonymiser toggle (spec §4), kept in its cookie. */
export const HideNamesSwitch = AnonymiserToggle;
