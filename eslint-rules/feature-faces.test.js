import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import featureFaces, { unitOf } from './feature-faces.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// Real paths of this repository: the rule looks on disk for sub-features' index.ts (payments/providers has one).
const root = fileURLToPath(new URL('../', import.meta.url)).replace(/\/$/, '');
const server = `${root}/apps/server/src`;
const web = `${root}/apps/web/src`;

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

ruleTester.run('feature-faces', featureFaces, {
  valid: [
    {
      name: "app/ loading a feature's page lazily, as its own chunk",
      filename: `${web}/app/route-tables/payments.tsx`,
      code: "const load = () => import('../../features/payments/routes/refund-runs-page');",
    },
    {
      name: "a sub-feature using its own feature's shared files",
      filename: `${server}/features/exams/sittings/sittings.service.ts`,
      code: "import { x } from '../shared/index';\nimport { y } from '../exam-test-setup';",
    },
    {
      name: "a sub-feature using its feature's ledger",
      filename: `${server}/features/payments/providers/stripe-provider.ts`,
      code: "import { ledger } from '../ledger';",
    },
    {
      name: "another feature's index",
      filename: `${server}/features/payments/locks.ts`,
      code: "import { x } from '../classes/index';",
    },
    {
      name: 'index with an extension',
      filename: `${server}/features/payments/locks.ts`,
      code: "import { x } from '../classes/index.js';",
    },
    {
      name: 'inside one unit',
      filename: `${server}/features/classes/class-list.service.ts`,
      code: "import { x } from './class-list.repository';",
    },
    {
      name: 'a test inside its unit',
      filename: `${server}/features/classes/classes.test.ts`,
      code: "import { x } from './classes.service';",
    },
    {
      name: 'platform and db are not features',
      filename: `${server}/features/classes/classes.service.ts`,
      code: "import { x } from '../../platform/errors';\nimport { y } from '../../db/schema';",
    },
    {
      name: 'a package',
      filename: `${server}/features/classes/classes.service.ts`,
      code: "import { x } from '@banksia/contracts/classes';",
    },
    {
      name: "a sub-feature's index from its feature",
      filename: `${server}/features/payments/checkout.service.ts`,
      code: "import { x } from './providers/index';",
    },
    {
      name: 'inside a sub-feature',
      filename: `${server}/features/payments/providers/index.ts`,
      code: "import { x } from './stripe-provider';",
    },
    {
      name: 'the app through an index',
      filename: `${server}/app.ts`,
      code: "import { classesRoutes } from './features/classes/index';",
    },
    {
      name: 'a test helper through an index',
      filename: `${root}/apps/server/test/factories.ts`,
      code: "import { x } from '../src/features/accounts/index';",
    },
    {
      name: 'web app through an index',
      filename: `${web}/app/router.tsx`,
      code: "const page = () => import('../features/tasks/index');",
    },
    {
      name: 'type import of an index',
      filename: `${server}/features/payments/locks.ts`,
      code: "import type { X } from '../classes/index';",
    },
  ],
  invalid: [
    {
      name: "app/ importing a feature's page statically, or a non-page lazily",
      filename: `${web}/app/route-tables/payments.tsx`,
      code: "import { A } from '../../features/payments/routes/refund-runs-page';\nconst b = () => import('../../features/payments/api/get-refund-runs');",
      errors: [{ messageId: 'internals' }, { messageId: 'internals' }],
    },
    {
      name: "a sub-feature reaching into a sibling's internals",
      filename: `${server}/features/exams/marking/marking.service.ts`,
      code: "import { x } from '../sittings/sittings.service';",
      errors: [{ messageId: 'internals' }],
    },
    {
      name: "a feature's shared files reaching into its sub-feature's internals",
      filename: `${server}/features/exams/exam-test-setup.ts`,
      code: "import { x } from './sittings/sittings.service';",
      errors: [{ messageId: 'internals' }],
    },
    {
      name: "another feature's internals",
      filename: `${server}/features/payments/locks.ts`,
      code: "import { setStatus } from '../classes/class-list.service';",
      errors: [
        {
          messageId: 'internals',
          data: {
            specifier: '../classes/class-list.service',
            unit: 'features/classes',
            suggestion: '../classes/index',
          },
        },
      ],
    },
    {
      name: "a test importing another feature's internals",
      filename: `${server}/features/classes/classes.test.ts`,
      code: "import { chargeFor } from '../payments/charges';",
      errors: [{ messageId: 'internals' }],
    },
    {
      name: 'a type-only import counts too',
      filename: `${server}/features/classes/classes.service.ts`,
      code: "import type { Lock } from '../payments/locks';",
      errors: [{ messageId: 'internals' }],
    },
    {
      name: 'a bare folder hides which face it uses',
      filename: `${server}/features/classes/classes.service.ts`,
      code: "import { x } from '../accounts';",
      errors: [{ messageId: 'internals' }],
    },
    {
      name: "a sub-feature's internals from its own feature",
      filename: `${server}/features/payments/checkout.service.ts`,
      code: "import { stripeProvider } from './providers/stripe-provider';",
      errors: [
        {
          messageId: 'internals',
          data: {
            specifier: './providers/stripe-provider',
            unit: 'features/payments/providers',
            suggestion: './providers/index',
          },
        },
      ],
    },
    {
      name: 're-exports, dynamic imports and vi.mock',
      filename: `${server}/features/classes/classes.test.ts`,
      code: "export { a } from '../payments/ledger';\nexport * from '../payments/charges';\nawait import('../tasks/tasks.service');\nvi.mock('../notes/notes.service');",
      errors: 4,
    },
    {
      name: 'the server app',
      filename: `${server}/app.ts`,
      code: "import { classesRoutes } from './features/classes/classes.routes';",
      errors: [
        {
          messageId: 'internals',
          data: {
            specifier: './features/classes/classes.routes',
            unit: 'features/classes',
            suggestion: './features/classes/index',
          },
        },
      ],
    },
    {
      name: 'a test helper',
      filename: `${root}/apps/server/test/factories.ts`,
      code: "import { x } from '../src/features/accounts/accounts.repository';",
      errors: [{ messageId: 'internals' }],
    },
    {
      name: 'the web app',
      filename: `${web}/app/router.tsx`,
      code: "import { TasksPage } from '../features/tasks/routes/tasks-page';",
      errors: [
        {
          messageId: 'internals',
          data: {
            specifier: '../features/tasks/routes/tasks-page',
            unit: 'features/tasks',
            suggestion: '../features/tasks/index',
          },
        },
      ],
    },
    {
      name: 'one web feature into another',
      filename: `${web}/features/tasks/components/task-list.tsx`,
      code: "import { Grid } from '../../progress/components/grid';",
      errors: [{ messageId: 'internals' }],
    },
  ],
});

describe('unitOf', () => {
  const withIndex = (dirs) => (dir) => dirs.some((d) => dir.endsWith(d));

  it('is the feature folder for a file of the feature', () => {
    expect(unitOf('/r/apps/server/src/features/exams/exams.service.ts', withIndex([]))).toBe(
      '/r/apps/server/src/features/exams',
    );
  });

  it('is a sub-feature once the sub-folder has an index.ts', () => {
    const hasIndex = withIndex(['features/exams/sittings']);
    expect(unitOf('/r/apps/server/src/features/exams/sittings/sittings.service.ts', hasIndex)).toBe(
      '/r/apps/server/src/features/exams/sittings',
    );
    expect(unitOf('/r/apps/server/src/features/exams/marking/marking.service.ts', hasIndex)).toBe(
      '/r/apps/server/src/features/exams',
    );
  });

  it('is null outside the features', () => {
    expect(unitOf('/r/apps/server/src/platform/errors.ts', withIndex([]))).toBeNull();
    expect(unitOf('/r/apps/web/src/app/router.tsx', withIndex([]))).toBeNull();
  });
});
