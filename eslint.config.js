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
    },
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
    // TEMPORARY (issue 34): files that still import another feature's internals, because that feature has no
    // index.ts yet (server exams, courses, rosters; every web feature). Each branch that adds a feature's index.ts
    // removes its files from this list; the list only shrinks.
    files: [
      'apps/server/src/app.ts',
      'apps/server/src/bench/rosters.bench.ts',
      'apps/server/src/features/courses/course-copy.ts',
      'apps/server/src/features/exams/exam-authoring.service.ts',
      'apps/server/src/features/insights/insights.service.ts',
      'apps/server/src/features/insights/insights.test.ts',
      'apps/server/src/features/progress/progress.service.ts',
      'apps/server/src/features/review/review.presenter.ts',
      'apps/server/src/features/review/review.service.ts',
      'apps/server/src/features/rosters/fixtures/fixture-files.ts',
      'apps/server/src/features/rosters/parsers/csv-input.test.ts',
      'apps/server/src/features/rosters/parsers/firstclass-csv.test.ts',
      'apps/server/src/features/rosters/parsers/griddle.test.ts',
      'apps/server/src/features/rosters/parsers/oneroster.test.ts',
      'apps/server/src/features/rosters/parsers/timechart.test.ts',
      'apps/server/src/features/rosters/parsers/timetabler-post-9.test.ts',
      'apps/server/src/features/rosters/parsers/timetabler-pre-9.test.ts',
      'apps/server/src/features/rosters/rosters.apply.test.ts',
      'apps/server/src/features/rosters/rosters.crash.test.ts',
      'apps/server/src/features/rosters/rosters.routes.ts',
      'apps/server/src/features/rosters/rosters.service.ts',
      'apps/server/src/features/rosters/upload-files.ts',
      'apps/server/src/features/secret-admin/secret-admin.models.ts',
      'apps/server/src/jobs.ts',
      'apps/server/test/factories.ts',
      'apps/server/test/roster-apply-child.ts',
      'apps/web/src/app/components/lesson-unavailable.tsx',
      'apps/web/src/app/guards/require-role.tsx',
      'apps/web/src/app/guards/require-sign-in.tsx',
      'apps/web/src/app/layouts/app-layout.tsx',
      'apps/web/src/app/layouts/class-layout.tsx',
      'apps/web/src/app/pages/status-page.tsx',
      'apps/web/src/app/providers.tsx',
      'apps/web/src/app/route-tables/authoring.tsx',
      'apps/web/src/app/route-tables/content-admin.tsx',
      'apps/web/src/app/route-tables/exam-authoring.tsx',
      'apps/web/src/app/route-tables/payments-admin.tsx',
      'apps/web/src/app/route-tables/payments-checkout.tsx',
      'apps/web/src/app/route-tables/rosters.tsx',
      'apps/web/src/app/route-tables/videos.tsx',
      'apps/web/src/app/router.tsx',
      'apps/web/src/app/routes/account-classes.tsx',
      'apps/web/src/app/routes/account-school.tsx',
      'apps/web/src/app/routes/account.tsx',
      'apps/web/src/app/routes/class-course-topic.tsx',
      'apps/web/src/app/routes/class-course.tsx',
      'apps/web/src/app/routes/class-exam-marking.tsx',
      'apps/web/src/app/routes/class-insights-exam.tsx',
      'apps/web/src/app/routes/class-insights-lesson.tsx',
      'apps/web/src/app/routes/class-lesson-activity.tsx',
      'apps/web/src/app/routes/class-lesson-notes.tsx',
      'apps/web/src/app/routes/class-lesson.tsx',
      'apps/web/src/app/routes/class-lessons.tsx',
      'apps/web/src/app/routes/class-list-uploader.tsx',
      'apps/web/src/app/routes/class-management.tsx',
      'apps/web/src/app/routes/class-progress-grids.tsx',
      'apps/web/src/app/routes/class-question-set.tsx',
      'apps/web/src/app/routes/course.tsx',
      'apps/web/src/app/routes/courses.tsx',
      'apps/web/src/app/routes/demo-lesson.tsx',
      'apps/web/src/app/routes/demo-question-set.tsx',
      'apps/web/src/app/routes/exam-transcribe.tsx',
      'apps/web/src/app/routes/home.tsx',
      'apps/web/src/app/routes/library-access.tsx',
      'apps/web/src/app/routes/library.tsx',
      'apps/web/src/app/routes/review-today.tsx',
      'apps/web/src/app/routes/review-topics.tsx',
      'apps/web/src/app/routes/school-dashboard.tsx',
      'apps/web/src/app/routes/school-exam.tsx',
      'apps/web/src/app/routes/staff-home.tsx',
      'apps/web/src/app/routes/tasks-pages.tsx',
      'apps/web/src/app/routes/user-edit.tsx',
      'apps/web/src/app/sentry.ts',
      'apps/web/src/entry-server.tsx',
      'apps/web/src/features/activities/authoring/activity-placement.tsx',
      'apps/web/src/features/payments-admin/routes/refund-processes-page.tsx',
      'apps/web/src/features/videos/routes/captions-pages.tsx',
    ],
    rules: { 'banksia/feature-faces': 'off' },
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
