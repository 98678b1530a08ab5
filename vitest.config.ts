import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The web app's test files that replace a module with `vi.mock`. Vitest can only do that in a file that gets its own
 * copy of every module, so these run isolated (a fresh module graph and jsdom per file); the others share one module
 * graph per worker, which spares each file re-importing React, Mantine and the app (import time 132 s → 9 s on
 * 2026-11-28). A file is placed by what it contains, so a new test that mocks a module goes where it works.
 */
const webRoot = fileURLToPath(new URL('./apps/web/', import.meta.url));
const webTests = readdirSync(`${webRoot}src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);
const mocksAModule = webTests.filter((file) => /\bvi\.mock\(/.test(readFileSync(`${webRoot}${file}`, 'utf8')));
const mocksNothing = webTests.filter((file) => !mocksAModule.includes(file));

// One `npm test` runs every workspace's unit and API tests; each project has its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      // The project's own ESLint rules (eslint-rules/), tested with ESLint's RuleTester.
      {
        test: {
          name: 'eslint-rules',
          root: './eslint-rules',
          include: ['*.test.js'],
          environment: 'node',
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        test: { name: 'web', exclude: mocksAModule, isolate: false },
      },
      {
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        // `exclude`, not `include`: a project's `include` is added to the one it extends.
        test: { name: 'web-isolated', exclude: mocksNothing },
      },
    ],
  },
});
