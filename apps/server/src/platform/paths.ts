import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found by walking up from this module to the package.json named
 * @banksia/server. The same folder is found when the server runs from source with tsx (development, tests) and from
 * the compiled bundle in apps/server/dist (npm start, the container images), whatever the working directory: the
 * files the server reads at run time (templates, migrations, the demo's media, the built web app) are found from it.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@banksia/server'
    ) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`apps/server/package.json not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();

/** The server-rendered pages' templates (ADR 033). */
export const VIEWS_DIR = path.join(SERVER_ROOT, 'src', 'views');

/** The committed SQL migrations. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src', 'db', 'migrations');

/** The demo school's media (a video, its captions). */
export const DEMO_MEDIA_DIR = path.join(SERVER_ROOT, 'src', 'db', 'seed', 'media');

/** The built web app, unless WEB_DIST says otherwise. */
export const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '..', 'web', 'dist');
