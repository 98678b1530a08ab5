import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from './config';
import { AppError } from './errors';

/** URL prefix under which the app serves stored files (see app.ts). */
export const MEDIA_PREFIX = '/media/';

/**
 * Where files live (videos, captions, attachments, uploads). Keys are relative paths such as
 * `demo/videos/equivalent-fractions.webm`; the local-disk adapter keeps them under DATA_DIR/uploads, an
 * S3 adapter would use them as object keys.
 */
export interface Storage {
  /** Folder holding the files (local disk); the app serves it at /media/. */
  readonly root: string;
  /** Writes a file, replacing any file with the same key; answers its size in bytes. */
  put(
    key: string,
    data: Buffer | Uint8Array | string | Readable,
    contentType: string,
  ): Promise<{ key: string; size: number }>;
  /** The file's path on disk. */
  path(key: string): string;
  /** The URL the browser fetches the file from. */
  publicUrl(key: string): string;
}

const KEY_PATTERN = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Whether a storage key is safe: relative, no `.`/`..` segments, only `[A-Za-z0-9/._-]`. */
export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && key.split('/').every((segment) => segment !== '.' && segment !== '..');
}

/** Refuses a key that could escape the storage root (400, as keys may come from requests). */
export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new AppError('bad_request', `Invalid storage key: ${JSON.stringify(key)}.`);
}

/** A storage adapter on the local disk, rooted at `root` (created if missing). */
export function createLocalStorage(root: string): Storage {
  const absoluteRoot = path.resolve(root);
  mkdirSync(absoluteRoot, { recursive: true });
  const filePath = (key: string) => {
    assertStorageKey(key);
    return path.join(absoluteRoot, ...key.split('/'));
  };
  return {
    root: absoluteRoot,
    path: filePath,
    publicUrl: (key) => {
      assertStorageKey(key);
      return `${MEDIA_PREFIX}${key}`;
    },
    // contentType is what an object store needs; on disk the type follows the file name's extension.
    async put(key, data, _contentType) {
      const target = filePath(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename, so a reader never sees half a file and concurrent writers don't interleave.
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        const source = data instanceof Readable ? data : Readable.from([Buffer.from(data)]);
        await pipeline(source, createWriteStream(temp));
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { key, size: (await stat(target)).size };
    },
  };
}

const byRoot = new Map<string, Storage>();

/** The storage adapter for a configuration: local disk under DATA_DIR/uploads (one instance per folder). */
export function storageFor(config: Pick<Config, 'dataDir'>): Storage {
  const root = path.join(config.dataDir, 'uploads');
  let storage = byRoot.get(root);
  if (!storage) {
    storage = createLocalStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}

/**
 * Storage for files that must never be public (students' uploaded work): DATA_DIR/private-uploads, beside the
 * public root rather than inside it, so the /media/ static route cannot reach it. Files are read only through
 * signed, expiring URLs (platform/signed-media.ts).
 */
export function privateStorageFor(config: Pick<Config, 'dataDir'>): Storage {
  const root = path.join(config.dataDir, 'private-uploads');
  let storage = byRoot.get(root);
  if (!storage) {
    storage = createLocalStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}
