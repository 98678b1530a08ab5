import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    // Each file gets its own database; files run in parallel across the two cores.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
