import path from 'node:path';
import type { Plugin } from 'vite';

/** A relative dynamic import with a literal address, as the app writes its lazy routes and components. */
const DYNAMIC_IMPORT = /\bimport\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g;

/**
 * In the server render's build only: each of the app's dynamic imports first tells the render which source module
 * it loads (`globalThis.__banksiaImported('src/app/routes/class-lesson.tsx')`), by the path the browser build's
 * manifest is keyed by. The server then tells the browser to fetch the route code a rendered page needs alongside its
 * main script (`modulepreload`), instead of after the main script has run.
 */
export function ssrImportedModules(): Plugin {
  let root = process.cwd();
  return {
    name: 'banksia:ssr-imported-modules',
    apply: (_config, env) => env.isSsrBuild === true,
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!id.startsWith(path.join(root, 'src')) || !code.includes('import(')) return null;
      const found = Array.from(code.matchAll(DYNAMIC_IMPORT));
      if (found.length === 0) return null;
      const resolved = await Promise.all(found.map((m) => this.resolve(m[2]!, id)));
      let out = '';
      let at = 0;
      found.forEach((m, i) => {
        const target = resolved[i]?.id;
        out += code.slice(at, m.index);
        const call = m[0];
        out += target
          ? `(globalThis.__banksiaImported?.(${JSON.stringify(path.relative(root, target))}), ${call})`
          : call;
        at = m.index + call.length;
      });
      return { code: out + code.slice(at), map: null };
    },
  };
}
