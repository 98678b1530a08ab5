import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * feature-faces: code outside a feature unit reaches it only through the unit's `index.ts` (CONTRIBUTING.md, "Shape
 * of the code"). A unit is `apps/<app>/src/features/<feature>/`, or a sub-feature folder
 * `features/<feature>/<sub>/` once that folder has an `index.ts` (files of the feature outside any sub-feature belong
 * to the feature's unit). Inside one unit, imports are free. The import of another unit is written as the unit's
 * folder plus `/index`, e.g. `from '../classes/index'` or `from '../../exams/sittings/index'`. A sub-feature may
 * import its own feature's shared files (`features/exams/sittings/` → `features/exams/api/get-exam`), never the
 * reverse nor a sibling's internals.
 *
 * Only relative specifiers are checked: the apps reach their own features by relative paths.
 */

/** Where lazily loaded pages are composed into routes: the web app's `app/` folder. */
const LAZY_PAGE_HOST = /\/apps\/web\/src\/app\//;

const FEATURES = /^(.*\/apps\/(?:server|web)\/src\/features)\/([^/]+)(?:\/(.*))?$/;

const isDirectory = (p) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The unit a path (file or extension-less module path) belongs to, as its folder's absolute path, or null when the
 * path is outside every feature. `hasIndex` is injectable for tests.
 */
export function unitOf(file, hasIndex = (dir) => existsSync(path.join(dir, 'index.ts'))) {
  const normal = file.replaceAll('\\', '/');
  const match = FEATURES.exec(normal);
  if (!match) return null;
  const [, root, feature, rest] = match;
  const featureDir = `${root}/${feature}`;
  if (rest && rest.includes('/')) {
    const sub = rest.slice(0, rest.indexOf('/'));
    const subDir = `${featureDir}/${sub}`;
    if (hasIndex(subDir)) return subDir;
  }
  return featureDir;
}

/** Whether `target` (an absolute module path as written, without resolution of extensions) is `<unit>/index`. */
function isUnitIndex(target, unit) {
  const withoutExtension = target.replace(/\.(?:[cm]?[jt]sx?)$/, '');
  return withoutExtension === `${unit}/index`;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature (or sub-feature) only through its index.ts' },
    schema: [],
    messages: {
      internals:
        "'{{specifier}}' reaches into the feature unit '{{unit}}'; import it through '{{suggestion}}' (its index.ts).",
    },
  },
  create(context) {
    const filename = (context.filename ?? context.getFilename()).replaceAll('\\', '/');
    const ownUnit = unitOf(filename);
    const dir = path.posix.dirname(filename);

    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (!specifier.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(dir, specifier));
      // A bare folder import (`../classes`) resolves to its index but hides which face it uses: check it as the
      // folder's own path plus `/x`, so it lands in the folder's unit and fails unless it is the own unit.
      const probe = isDirectory(target) ? `${target}/index-of-folder` : target;
      const unit = unitOf(probe);
      if (unit === null || unit === ownUnit) return;
      // A sub-feature uses its own feature's shared files (the files of `features/<feature>/` outside any
      // sub-feature) directly: they are the kernel its use cases are cut from, not another feature.
      if (ownUnit !== null && ownUnit.startsWith(`${unit}/`)) return;
      if (isUnitIndex(target, unit)) return;
      let suggestion = path.posix.relative(dir, `${unit}/index`);
      if (!suggestion.startsWith('.')) suggestion = `./${suggestion}`;
      context.report({
        node: source,
        messageId: 'internals',
        data: { specifier, unit: unit.slice(unit.indexOf('/features/') + 1), suggestion },
      });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      // The web app's route tables load each page lazily, by its own module, so that a page is its own chunk (a
      // feature's index would pull all its pages into one): app/ may `import()` a feature's `*-page` module.
      ImportExpression: (node) => {
        const value = node.source?.type === 'Literal' ? String(node.source.value) : '';
        if (LAZY_PAGE_HOST.test(filename) && /-page(\.tsx?)?$/.test(value)) return;
        check(node, node.source);
      },
      // vi.mock('../other/thing') and vi.importActual name modules too.
      CallExpression: (node) => {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'importActual', 'importMock', 'unmock'].includes(callee.property.name)
        ) {
          check(node, node.arguments[0]);
        }
      },
      TSImportType: (node) => {
        const argument = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.source;
        check(node, argument);
      },
    };
  },
};
