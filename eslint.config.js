import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import banksia from './eslint-rules/index.js';

/**
 * Import boundaries (architecture.md): contracts → server platform / web lib → features → app.
 * Expressed with `no-restricted-imports` patterns per layer, so a wrong-way import fails `npm run lint`.
 */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
      // A file past 500 lines is cut by use case (CONTRIBUTING.md); the demo seed's data is the exception.
      'max-lines': ['error', { max: 500 }],
    },
  },
  {
    files: ['apps/server/src/db/seed/**'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: restrict([
      {
        group: ['**/apps/**', '@banksia/server*', '@banksia/web*'],
        message: 'contracts depend on nothing in the apps.',
      },
      { group: ['fastify*', 'drizzle-orm*', 'pg', 'react*', '@mantine/*'], message: 'contracts are framework-free.' },
    ]),
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: restrict([
      {
        group: ['**/apps/web/**', '@banksia/web*', 'react*', '@mantine/*'],
        message: 'the server does not import the web app.',
      },
    ]),
  },
  {
    files: ['apps/server/src/platform/**/*.ts', 'apps/server/src/db/**/*.ts'],
    rules: restrict([
      {
        group: ['**/features/**', '**/app', '../app'],
        message: 'platform and db code must not depend on features or the app.',
      },
    ]),
  },
  {
    files: ['apps/server/src/features/**/*.ts'],
    // Tests, and the helper modules tests of one folder share (*.test-helpers.ts), may build the app.
    ignores: ['apps/server/src/features/**/*.test.ts', 'apps/server/src/features/**/*.test-helpers.ts'],
    rules: restrict([
      { group: ['../../app', '**/app'], message: 'features do not import the app.' },
      {
        group: ['../*/*.repository', '../*/*.routes', '../*/*.presenter', '../*/*.policy'],
        message: 'use another feature only through its service.',
      },
    ]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        {
          group: ['**/apps/server/**', '@banksia/server*', 'fastify*', 'drizzle-orm*', 'pg'],
          message: 'the web app talks to the server over HTTP only.',
        },
      ]),
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['**/features/**', '**/app/**', '../app/*', '../features/*'],
        message: 'lib and shared components must not depend on features or the app.',
      },
      {
        group: ['**/apps/server/**', '@banksia/server*', 'fastify*', 'drizzle-orm*', 'pg'],
        message: 'the web app talks to the server over HTTP only.',
      },
    ]),
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['**/app/**', '../../app/*', '../../../app/*'],
        message: 'features are composed in app/, never the reverse.',
      },
      {
        group: ['**/apps/server/**', '@banksia/server*', 'fastify*', 'drizzle-orm*', 'pg'],
        message: 'the web app talks to the server over HTTP only.',
      },
    ]),
  },
  {
    // Feature faces (CONTRIBUTING.md): another feature or sub-feature is reached only through its index.ts, from
    // features, their tests, the app (server app.ts/main.ts/worker.ts, web app/) and the test helpers alike.
    files: ['apps/server/**/*.ts', 'apps/web/**/*.{ts,tsx}'],
    plugins: { banksia },
    rules: { 'banksia/feature-faces': 'error' },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.test-helpers.ts',
      'e2e/**/*.ts',
      '**/test/**/*.ts',
      'apps/server/src/main.ts',
      'scripts/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Journeys take `test` from fixtures.ts, which fails any test in which a page broke the Content-Security-Policy.
    files: ['e2e/tests/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "import test from './fixtures' (it checks the Content-Security-Policy).",
            },
          ],
        },
      ],
    },
  },
);
