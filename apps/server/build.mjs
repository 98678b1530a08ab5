// Compiles the server to JavaScript (ADR 051): one ESM bundle per entry point in dist/, with the code they share in
// chunks, source maps beside them. The workspace's own TypeScript (src/, @banksia/contracts) is bundled; every other
// package stays in node_modules, loaded by Node as installed. `node scripts/build.mjs` (the repository's root) runs
// this only when the server's sources changed; run by hand it always builds.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

/** Packages are external, except the workspace's own TypeScript packages. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@banksia/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    worker: path.join(here, 'src/worker.ts'),
    'rollup-rebuild': path.join(here, 'src/rollup-rebuild.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [packagesExternal],
  logLevel: 'warning',
});
