import type { HotkeyItemOptions } from '@mantine/hooks';

/** The keyboard shortcut that focuses the course jumper (spec §2). */
export const COURSE_JUMPER_HOTKEY = 'alt+J';

/**
 * Physical keys, so it is the J key on every layout (on a Mac, Option+J types "∆"). Kept apart from the jumper itself,
 * which loads after the page: the shell listens for the key from the first render and loads the jumper on it.
 */
export const COURSE_JUMPER_HOTKEY_OPTIONS: HotkeyItemOptions = { preventDefault: true, usePhysicalKeys: true };
