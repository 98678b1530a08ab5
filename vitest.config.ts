import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's unit and API tests; each project has its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
