import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const standIn = fileURLToPath(new URL('../src/lib/remove-scroll-class-names.ts', import.meta.url));
/** Mantine's AppShell parts that import react-remove-scroll only for `RemoveScroll.classNames`. */
const CLASS_NAME_READERS =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(?:Header|Aside|Footer)[\\/]/;

/**
 * Points the AppShell header's (aside's, footer's) import of react-remove-scroll at a module holding just the class
 * names they read (src/lib/remove-scroll-class-names.ts), so every page does not load the scroll lock with the shell.
 * Every other importer (Mantine's dialogs) gets the real package.
 */
export function removeScrollClassNames(): Plugin {
  return {
    name: 'banksia:remove-scroll-class-names',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-remove-scroll' && importer && CLASS_NAME_READERS.test(importer)) return standIn;
      return null;
    },
  };
}
