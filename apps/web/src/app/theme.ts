import {
  createTheme,
  type AnchorProps,
  type CSSVariablesResolver,
  type FileInputProps,
  type MantineColorsTuple,
  type ModalProps,
  type MultiSelectProps,
  type NotificationProps,
  type PasswordInputProps,
  type SelectProps,
} from '@mantine/core';

/**
 * A component's theme entry. What `Modal.extend({…})` returns, without importing the component: `extend` is only a
 * typed identity, and importing Modal, Select and the rest here would put them in every page's first download.
 */
function extend<Props>(entry: { defaultProps?: Partial<Props>; styles?: Record<string, object> }) {
  return entry;
}

// A eucalyptus teal darker than Mantine's own, so white text on filled buttons and teal text on white both pass
// WCAG AA (shade 8 is 5.6:1 on white).
const teal: MantineColorsTuple = [
  '#e6f5f2',
  '#c9e9e2',
  '#a3d8cc',
  '#7cc6b6',
  '#56b3a0',
  '#3a9f8b',
  '#248a76',
  '#1a7e6b',
  '#127563',
  '#0b5f50',
];

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 8 of Mantine's red, blue and others also passes AA with white text; shade 6 does not.
  primaryShade: { light: 8, dark: 6 },
  colors: { teal },
  defaultRadius: 'md',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // Links inside text must not rely on colour alone (WCAG 1.4.1): underlined everywhere, one rule for all pages.
    Anchor: extend<AnchorProps>({ defaultProps: { underline: 'always' } }),
    // Mantine's close buttons are icons without a name; screen readers would announce just "button".
    Modal: extend<ModalProps>({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    }),
    // Mantine draws a dialog's title bar as <header>, which axe takes for a second page banner; a div is enough.
    ModalHeader: { defaultProps: { component: 'div' } },
    // Mantine names the toggle "Toggle password visibility", which also answers to the field's own label
    // ("Password") when tools and assistive tech look fields up by label.
    PasswordInput: extend<PasswordInputProps>({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show what you typed' } },
    }),
    // Mantine's clear buttons (clearable inputs) are icons without a name.
    FileInput: extend<FileInputProps>({
      defaultProps: { clearButtonProps: { 'aria-label': 'Clear the chosen file' } },
    }),
    Select: extend<SelectProps>({ defaultProps: { clearButtonProps: { 'aria-label': 'Clear the choice' } } }),
    MultiSelect: extend<MultiSelectProps>({
      defaultProps: { clearButtonProps: { 'aria-label': 'Clear the choices' } },
    }),
    Notification: extend<NotificationProps>({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
  },
});

/** Mantine's light-scheme greys and error red are too faint for AA contrast on white; these are darker. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // 4.8:1 on white (Mantine's gray-6 is 3.3:1): a placeholder is text someone has to read too.
    '--mantine-color-placeholder': '#6c737a',
    // Red, orange and yellow text (light and outline badges, links) and orange/yellow fills behind white text:
    // Mantine's shades fall short of 4.5:1, so status badges use these darker tones (at least 5:1 on their light tints).
    '--mantine-color-red-light-color': '#a61e1e',
    '--mantine-color-red-outline': '#a61e1e',
    '--mantine-color-red-text': '#a61e1e',
    '--mantine-color-orange-light-color': '#a63a0a',
    '--mantine-color-orange-outline': '#a63a0a',
    '--mantine-color-orange-text': '#a63a0a',
    '--mantine-color-orange-filled': '#a63a0a',
    '--mantine-color-yellow-light-color': '#8a5a00',
    '--mantine-color-yellow-outline': '#8a5a00',
    '--mantine-color-yellow-text': '#8a5a00',
    '--mantine-color-yellow-filled': '#8a5a00',
  },
  dark: {},
});
