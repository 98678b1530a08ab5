// The production build (ADR 051): the web app (Vite: dist/ and the server render's dist-server/) and the server
// (esbuild: one ESM bundle per entry in apps/server/dist/, packages left to node_modules). Each part is rebuilt only
// when its sources changed since its last build, judged by a hash of their contents kept beside the output.
//
//   node scripts/build.mjs              both parts, each if its sources changed (what `npm start` does first)
//   node scripts/build.mjs --force      both parts, whatever changed (`npm run build`, for a deployment)
//   node scripts/build.mjs server       one part (`web` or `server`), if its sources changed
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Every file under these paths (folders walked), except tests, in a stable order. */
function files(paths) {
  const found = [];
  const visit = (p) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        visit(path.join(p, name));
      }
    } else if (!/\.test\.tsx?$/.test(p)) {
      found.push(p);
    }
  };
  paths.forEach(visit);
  return found;
}

/** A hash of the files' names and contents. */
function fingerprint(paths) {
  const hash = createHash('sha256');
  for (const file of files(paths)) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The shared inputs of both parts: the contracts, the lock file and the root configuration. */
const SHARED = [
  at('packages/contracts/src'),
  at('packages/contracts/package.json'),
  at('package-lock.json'),
  at('tsconfig.base.json'),
];

export const PARTS = {
  web: {
    label: 'the web app',
    inputs: [
      ...SHARED,
      ...[
        'src',
        'vite-plugins',
        'index.html',
        'vite.config.ts',
        'postcss.config.cjs',
        'package.json',
        'tsconfig.json',
      ].map((p) => at('apps/web', p)),
    ],
    // Not inside dist/, which the server serves.
    stamp: at('apps/web/dist-server/.sources-hash'),
    outputs: [at('apps/web/dist/index.html'), at('apps/web/dist-server/entry-server.js')],
    command: ['npm', ['run', 'build', '-w', '@banksia/web']],
  },
  server: {
    label: 'the server',
    inputs: [...SHARED, at('apps/server/src'), at('apps/server/package.json'), at('apps/server/build.mjs')],
    stamp: at('apps/server/dist/.sources-hash'),
    outputs: [at('apps/server/dist/main.js'), at('apps/server/dist/worker.js')],
    command: [process.execPath, [at('apps/server/build.mjs')]],
  },
};

function run([command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * Builds a part unless its outputs are there and its sources are those of its last build. Prints one line for it
 * (the build tool's own listing only when the build fails). Resolves true when the part is ready.
 */
export async function buildPart(name, { force = false, log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const part = PARTS[name];
  const hash = fingerprint(part.inputs);
  const built = part.outputs.every((file) => existsSync(file));
  if (!force && built && existsSync(part.stamp) && readFileSync(part.stamp, 'utf8').trim() === hash) {
    log(`  ${part.label}: up to date`);
    return true;
  }
  const started = Date.now();
  log(`  ${part.label}: building (${built ? 'its sources changed' : 'first build'})…`);
  const { code, output } = await run(part.command);
  if (code !== 0) {
    process.stderr.write(output);
    log(`  ${part.label}: the build failed (exit ${code}); its output is above`);
    return false;
  }
  await mkdir(path.dirname(part.stamp), { recursive: true });
  await writeFile(part.stamp, `${hash}\n`);
  log(`  ${part.label}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

export async function buildAll({ force = false, parts = Object.keys(PARTS) } = {}) {
  for (const name of parts) {
    if (!(await buildPart(name, { force }))) return false;
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unknown = named.filter((name) => !(name in PARTS));
  if (unknown.length) {
    process.stderr.write(`unknown part ${unknown.join(', ')}: the parts are ${Object.keys(PARTS).join(', ')}\n`);
    process.exit(2);
  }
  const ok = await buildAll({ force: process.argv.includes('--force'), parts: named.length ? named : undefined });
  process.exit(ok ? 0 : 1);
}
