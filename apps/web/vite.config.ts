import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { excalidrawAssets } from './vite-plugins/excalidraw-assets';
import { mathliveAssets } from './vite-plugins/mathlive-assets';
import { precompress } from './vite-plugins/precompress';
import { removeScrollClassNames } from './vite-plugins/remove-scroll-class-names';
import { ssrImportedModules } from './vite-plugins/ssr-imported-modules';

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig(({ isSsrBuild }) => ({
  // The server render's build (entry-server.tsx, ADR 041) runs in Node: no browser assets to copy or compress.
  plugins: isSsrBuild
    ? [react(), removeScrollClassNames(), ssrImportedModules()]
    : [react(), removeScrollClassNames(), excalidrawAssets(), mathliveAssets(), precompress()],
  // One zod for the app and the contracts, configured for the Content-Security-Policy (no eval): see src/zod.ts.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod.ts', import.meta.url)) }] },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      // Also /media-signed/ and /media-upload/ (prefix match).
      '/media': apiTarget,
    },
  },
  // Maps are built for decoding error reports but not referenced from the files, and the server never serves them.
  build: {
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    // dist/.vite/manifest.json: which files each source module became, for the server's preloads of a rendered page.
    manifest: !isSsrBuild,
    sourcemap: 'hidden',
    // Making a zod schema has no effect but its value: one no code uses is left out (ADR 039). The contracts are
    // side-effect free (their package.json says so); src/zod.ts is not (it configures zod), so a page that imports any
    // contract module at run time loads zod, and the first pages import only schema-free modules (contracts/rules/).
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      // Everything the first page needs in one file: left to itself, the bundler splits the entry's modules that lazy
      // pages share (Mantine's Box, Button…) into ~30 small files, and every page paid their per-file overhead and
      // requests (sign-in: 34 requests and 181 KB gzipped before, 20 and 168 KB after).
      // boot.ts: the first script of a page rendered on the server, which starts the app after the first paint.
      input: isSsrBuild ? undefined : { index: 'index.html', boot: 'src/boot.ts' },
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              // boot.ts stays a file of its own (its point is to be small and to run before the rest).
              groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !id.endsWith('/src/boot.ts') }],
            },
          },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A page test types and waits for lazily loaded routes; on a busy two-core CI machine one can pass 5 s (the
    // default) while the first route's modules are transformed. Waits inside a test stay at 5 s (test/setup.ts).
    testTimeout: 15_000,
    // Component tests keep a core busy, so two run at once (Vitest's default on two cores is one), after the server
    // group (sequence.groupOrder): about 6 minutes → 4 on 2026-11-27.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
}));
