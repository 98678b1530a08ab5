import { z as zod } from 'zod/v4';

/**
 * `zod` as the web app (and the contracts it bundles) imports it: Vite resolves every `import { z } from 'zod'` here
 * (see vite.config.ts). zod compiles fast object parsers with `new Function` when it may, and probes for that as each
 * object schema is made; the page's Content-Security-Policy allows no eval, and even the probe is reported as a
 * violation. Set before any schema exists, `jitless` turns both off.
 */
// Called through another name than `z`: the build marks every `z.…` call pure (vite.config.ts), which would drop it.
zod.config({ jitless: true });

export { zod as z };
