// `npm start`: builds what changed since the last build (scripts/build.mjs), then runs the compiled server
// (apps/server/dist/main.js) in this terminal. Stop signals go to the server, which drains and exits; this script
// exits with its code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

process.stdout.write('Banksia: preparing the build\n');
if (!(await buildAll())) process.exit(1);

// --no-memory-reducer: ADR 045. Source maps: stack traces name the TypeScript files.
const server = spawn(
  process.execPath,
  ['--no-memory-reducer', '--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
  { stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } },
);
// Ctrl-C reaches the server from the terminal too; a signal sent to this process alone is passed on. The server
// treats a second signal as a no-op, so getting both is harmless.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
