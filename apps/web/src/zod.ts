import { z } from 'zod/v4';

/**
 * `zod` as the web app (and the contracts it bundles) imports it: Vite resolves every `import { z } from 'zod'` here
 * (see vite.config.ts). zod compiles fast object parsers with `new Function` when it may, and probes for that as each
 * object schema is made; the page's Content-Security-Policy allows no eval, and even the probe is reported as a
 * violation. Set before any schema exists, `jitless` turns both off.
 */
z.config({ jitless: true });

export { z };
