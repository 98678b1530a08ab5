import { createReadStream, readFileSync, realpathSync } from 'node:fs';
import { cp, readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Serves Excalidraw's font files from the app itself (ADR 018): nothing may be fetched from a CDN at run time.
 * Excalidraw loads its fonts from `window.EXCALIDRAW_ASSET_PATH` + `fonts/…` (the illustration block sets it to
 * `{base}excalidraw-assets/`); its own fallback to esm.sh is pointed at the same folder (withoutCdnFallback). The
 * build copies the package's
 * `dist/prod/fonts` folder to `{outDir}/excalidraw-assets/fonts`, which the server's static handler serves with
 * the rest of the build; the dev server serves the same folder straight from node_modules.
 *
 * An Excalidraw upgrade must recheck that the fonts still live in dist/prod/fonts (ADR 018).
 */
export const EXCALIDRAW_ASSETS_DIR = 'excalidraw-assets';

const FONT_TYPES: Record<string, string> = {
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

/** The dist/prod folder of the installed @excalidraw/excalidraw (its main entry's folder), from the app's root. */
export function excalidrawProdDir(root: string): string {
  const entry = createRequire(path.join(root, 'package.json')).resolve('@excalidraw/excalidraw');
  return realpathSync(path.dirname(entry));
}

/** The files a built ES module of the package imports statically (`from"./x.js"` or `import"./x.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
    found.push(path.join(path.dirname(file), match[1] ?? ''));
  }
  return found;
}

function staticClosure(file: string): Set<string> {
  const seen = new Set<string>();
  const queue = [file];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...staticImports(next));
  }
  seen.delete(file);
  return seen;
}

/**
 * The package's modules that both its font-subsetting web worker and its main entry import. Left to automatic
 * chunking, the bundler merges them into the canvas chunk, which imports the app's own chunks; the worker, which
 * loads its chunk by URL, would then load the whole app, fail, and log an error before Excalidraw falls back to
 * subsetting on the main thread. Kept in a chunk of their own (they import nothing), the worker stays self-contained.
 * Empty if the package no longer ships the worker under that name.
 */
export function excalidrawWorkerSharedModules(prodDir: string): Set<string> {
  const worker = path.join(prodDir, 'subset-worker.chunk.js');
  const main = path.join(prodDir, 'index.js');
  try {
    const fromMain = staticClosure(main);
    return new Set([...staticClosure(worker)].filter((file) => fromMain.has(file)));
  } catch {
    return new Set();
  }
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/**
 * Excalidraw lists esm.sh after the app's own folder in every font's sources, and browsers reach for it (a request to a
 * CDN from a pupil's browser, and a Content-Security-Policy violation). This points that fallback at the app's folder
 * too. Returns null when the code holds no such fallback.
 */
export function withoutCdnFallback(code: string, assetsPath: string): string | null {
  const pattern = /(["'])ASSETS_FALLBACK_URL\1,`https:\/\/esm\.sh\/\$\{[^`]*`[^`]*`[^}]*\}\/dist\/prod\/`/g;
  if (!pattern.test(code)) return null;
  const local = `new URL(${JSON.stringify(assetsPath)},self.location.origin).href`;
  return code.replace(pattern, (_match, quote: string) => `${quote}ASSETS_FALLBACK_URL${quote},${local}`);
}

export function excalidrawAssets(): Plugin {
  let config: ResolvedConfig;
  let fontsDir: string;
  let prodDir: string;
  let fallbackReplaced = false;

  return {
    name: 'banksia:excalidraw-assets',

    config(userConfig) {
      let shared: Set<string>;
      try {
        shared = excalidrawWorkerSharedModules(excalidrawProdDir(path.resolve(userConfig.root ?? process.cwd())));
      } catch {
        return; // Not installed: configResolved says so.
      }
      if (shared.size === 0) return;
      const test = (id: string) => shared.has(path.normalize(id.split('?')[0] ?? id));
      return {
        build: {
          rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'excalidraw-shared', test }] } } },
        },
      };
    },

    configResolved(resolved) {
      config = resolved;
      prodDir = excalidrawProdDir(resolved.root);
      fontsDir = path.join(prodDir, 'fonts');
    },

    transform(code, id) {
      if (!id.startsWith(prodDir) || !code.includes('ASSETS_FALLBACK_URL')) return null;
      const replaced = withoutCdnFallback(code, `${config.base}${EXCALIDRAW_ASSETS_DIR}/`);
      if (replaced === null) return null;
      fallbackReplaced = true;
      return { code: replaced, map: null };
    },

    generateBundle() {
      // An upgrade that moves the fallback would bring the CDN back: fail the build instead.
      if (config.command === 'build' && !fallbackReplaced) {
        this.error("Excalidraw's esm.sh font fallback was not found; has the package changed? (ADR 018)");
      }
    },

    async buildStart() {
      // Fails the build early, rather than shipping a canvas that silently falls back to the CDN.
      if (config.command === 'build' && !(await stat(fontsDir).catch(() => null))?.isDirectory()) {
        this.error(`Excalidraw fonts not found at ${fontsDir}; has the package layout changed?`);
      }
    },

    async writeBundle(options) {
      if (config.build.ssr) return;
      const outDir = options.dir ?? path.resolve(config.root, config.build.outDir);
      const target = path.join(outDir, EXCALIDRAW_ASSETS_DIR, 'fonts');
      await cp(fontsDir, target, { recursive: true });
      const count = await countFiles(target);
      config.logger.info(`excalidraw-assets: copied ${count} font files to ${path.relative(config.root, target)}`);
    },

    configureServer(server) {
      const prefix = `${config.base}${EXCALIDRAW_ASSETS_DIR}/fonts/`;
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0] ?? '';
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !pathname.startsWith(prefix)) return next();
        let relative: string;
        try {
          relative = decodeURIComponent(pathname.slice(prefix.length));
        } catch {
          return next();
        }
        const file = path.resolve(fontsDir, relative);
        const type = FONT_TYPES[path.extname(file)];
        // Only font files inside the fonts folder: no climbing out with '..'.
        if (!type || !file.startsWith(fontsDir + path.sep)) return next();
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
