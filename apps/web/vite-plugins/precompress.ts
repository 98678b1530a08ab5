import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file the build leaves in `outDir`, at
 * the slowest, smallest settings: the server sends these as they are (@fastify/static `preCompressed`), so no request
 * pays for compressing them and the files are smaller than on-the-fly compression would make them. Source maps are
 * never served, so they are not compressed either.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ttf|otf)$/;
/** Below this, compressing saves less than the extra header costs. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export async function precompressFolder(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = await readFile(file);
    if (raw.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    files += 1;
    bytes += raw.length;
    brotliBytes += br.length;
  }
  return { files, bytes, brotliBytes };
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'banksia:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const { files, bytes, brotliBytes } = await precompressFolder(outDir);
        config.logger.info(
          `precompress: ${files} files, ${(bytes / 1024).toFixed(0)} kB → ${(brotliBytes / 1024).toFixed(0)} kB brotli`,
        );
      },
    },
  };
}
