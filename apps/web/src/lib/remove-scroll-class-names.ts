/**
 * What Mantine's AppShell header, aside and footer read from react-remove-scroll: the class names that keep fixed
 * elements from jumping when a dialog hides the page's scrollbar. Those three import the whole package (its
 * scroll-locking component and side-car, 3.5 KB gzipped) for two strings, on every page; the build points their
 * import here instead (vite-plugins/remove-scroll-class-names.ts). Dialogs still use the real package. A test checks
 * these equal the package's own.
 */
export const RemoveScroll = {
  classNames: {
    fullWidth: 'width-before-scroll-bar',
    zeroRight: 'right-scroll-bar-position',
  },
} as const;
