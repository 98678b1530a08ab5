/**
 * No import cycles (CONTRIBUTING.md, "Shape of the code"): fails when two feature units import each other, directly
 * or around a longer loop, on either side (a unit is a feature or a sub-feature with an index.ts, as ESLint's
 * banksia/feature-faces rule reads it), and when modules import each other in a circle. Run by `npm run lint`.
 *
 * The module graph comes from madge (type imports included: a type-only import still ties two features together).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { unitOf } from '../eslint-rules/feature-faces.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Module cycles that were there before this check and lie outside the features (platform and db schema): type
 * imports between two schema files and two platform pairs. To be broken; any other module cycle fails the lint.
 */
const knownModuleCycles = new Set([
  'apps/server/src/db/schema/accounts.ts > apps/server/src/db/schema/schools.ts',
  'apps/server/src/platform/deps.ts > apps/server/src/platform/jobs.ts',
  'apps/server/src/platform/storage.ts > apps/server/src/platform/s3-storage.ts',
]);

/**
 * The feature a unit belongs to: sub-features of one feature (exams/sittings, exams/marking) use their feature's
 * shared files and are registered by it, so cycles are counted between features, not between one feature's slices.
 */
const featureOf = (unit) => unit.replace(/(\/features\/[^/]+)\/.*$/, '$1');

const sides = [
  { dir: 'apps/server/src', tsConfig: 'apps/server/tsconfig.json' },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json' },
];

/** Strongly connected components of a graph (Tarjan); each with more than one node is a cycle. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (node) => {
    info.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!info.has(next)) {
        visit(next);
        info.get(node).low = Math.min(info.get(node).low, info.get(next).low);
      } else if (info.get(next).onStack) {
        info.get(node).low = Math.min(info.get(node).low, info.get(next).index);
      }
    }
    if (info.get(node).low === info.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        info.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!info.has(node)) visit(node);
  return found;
}

const problems = [];
for (const side of sides) {
  const result = await madge(path.join(root, side.dir), {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(root, side.tsConfig),
    excludeRegExp: [/\.d\.ts$/],
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  const modules = result.obj();

  for (const circle of result.circular()) {
    const key = circle.join(' > ');
    if (!knownModuleCycles.has(key)) problems.push(`module cycle: ${key}`);
  }

  const units = new Map();
  for (const [file, imports] of Object.entries(modules)) {
    const fromUnit = unitOf(path.join(root, file));
    if (!fromUnit) continue;
    const from = featureOf(fromUnit);
    if (!units.has(from)) units.set(from, new Set());
    for (const imported of imports) {
      const toUnit = unitOf(path.join(root, imported));
      const to = toUnit && featureOf(toUnit);
      if (to && to !== from) units.get(from).add(to);
    }
  }
  const name = (unit) => path.relative(root, unit);
  for (const component of cycles(units)) {
    const edges = component.flatMap((a) =>
      [...units.get(a)].filter((b) => component.includes(b)).map((b) => `${name(a)} → ${name(b)}`),
    );
    const key = component.map(name).join(', ');
    problems.push(`feature cycle: ${key}\n    ${edges.join('\n    ')}`);
  }
}

if (problems.length > 0) {
  console.error(`Import cycles (CONTRIBUTING.md: no two features import each other):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('No import cycles between features.');
