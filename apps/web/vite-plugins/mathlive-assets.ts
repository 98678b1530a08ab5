import { createReadStream, realpathSync } from 'node:fs';
import { cp, readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Serves MathLive's fonts and keyboard sounds from the app itself (ADR 019): nothing may be fetched from a CDN at
 * run time. The maths input sets `MathfieldElement.fontsDirectory` and `soundsDirectory` to
 * `{base}mathlive-assets/fonts` and `…/sounds`. The build copies the package's `fonts` and `sounds` folders there,
 * which the server's static handler serves with the rest of the build; the dev server serves the same folders
 * straight from node_modules.
 *
 * A MathLive upgrade must recheck that the package still ships both folders at its root.
 */
export const MATHLIVE_ASSETS_DIR = 'mathlive-assets';

const FOLDERS = ['fonts', 'sounds'] as const;

const TYPES: Record<string, string> = {
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wav': 'audio/wav',
};

/**
 * The root folder of the installed mathlive package, from the app's root (found through its fonts stylesheet, which
 * sits beside the fonts folder: the package does not export its package.json).
 */
export function mathliveDir(root: string): string {
  const css = createRequire(path.join(root, 'package.json')).resolve('mathlive/fonts.css');
  return realpathSync(path.dirname(css));
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

export function mathliveAssets(): Plugin {
  let config: ResolvedConfig;
  let packageDir: string;

  return {
    name: 'banksia:mathlive-assets',

    configResolved(resolved) {
      config = resolved;
      packageDir = mathliveDir(resolved.root);
    },

    async buildStart() {
      // Fails the build early, rather than shipping a maths input that cannot draw its symbols.
      if (config.command !== 'build') return;
      for (const folder of FOLDERS) {
        const dir = path.join(packageDir, folder);
        if (!(await stat(dir).catch(() => null))?.isDirectory()) {
          this.error(`MathLive ${folder} not found at ${dir}; has the package layout changed?`);
        }
      }
    },

    async writeBundle(options) {
      if (config.build.ssr) return;
      const outDir = options.dir ?? path.resolve(config.root, config.build.outDir);
      for (const folder of FOLDERS) {
        const target = path.join(outDir, MATHLIVE_ASSETS_DIR, folder);
        await cp(path.join(packageDir, folder), target, { recursive: true });
        const count = await countFiles(target);
        config.logger.info(`mathlive-assets: copied ${count} ${folder} files to ${path.relative(config.root, target)}`);
      }
    },

    configureServer(server) {
      const prefix = `${config.base}${MATHLIVE_ASSETS_DIR}/`;
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0] ?? '';
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !pathname.startsWith(prefix)) return next();
        let relative: string;
        try {
          relative = decodeURIComponent(pathname.slice(prefix.length));
        } catch {
          return next();
        }
        const [folder] = relative.split('/');
        if (!FOLDERS.includes(folder as (typeof FOLDERS)[number])) return next();
        const base = path.join(packageDir, folder!);
        const file = path.resolve(packageDir, relative);
        const type = TYPES[path.extname(file)];
        // Only font and sound files inside those folders: no climbing out with '..'.
        if (!type || !file.startsWith(base + path.sep)) return next();
        stat(file).then(
          (info) => {
            if (!info.isFile()) return next();
            res.setHeader('Content-Type', type);
            res.setHeader('Content-Length', info.size);
            res.setHeader('Cache-Control', 'no-cache');
            if (req.method === 'HEAD') return res.end();
            createReadStream(file).pipe(res);
          },
          () => next(),
        );
      });
    },
  };
}
