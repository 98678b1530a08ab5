import { defineConfig } from 'vitest/config';

// Runs in the server files' group (see apps/server/vitest.config.ts), with its number of workers.
export default defineConfig({
  test: { name: 'contracts', include: ['src/**/*.test.ts'], maxWorkers: 3, sequence: { groupOrder: 0 } },
});
