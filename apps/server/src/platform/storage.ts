import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from './config';
import { createS3Client, createS3Storage, type S3Storage } from './s3-storage';
import { assertStorageKey, type StorageArea } from './storage-rules';

export { assertStorageKey, isValidStorageKey, type StorageArea } from './storage-rules';

/** URL prefix under which the app serves public files stored on the local disk (see app.ts). */
export const MEDIA_PREFIX = '/media/';

/**
 * Where files live (videos, captions, attachments, uploads). Keys are relative paths such as
 * `demo/videos/equivalent-fractions.webm`: the local-disk adapter keeps them under DATA_DIR, the S3 adapter
 * (s3-storage.ts) under a prefix of its bucket. Callers see only this interface, whichever adapter is configured.
 */
export interface Storage {
  /** Writes a file (a buffer or a stream), replacing any file with the same key; answers its size in bytes. */
  put(
    key: string,
    data: Buffer | Uint8Array | string | Readable,
    contentType: string,
  ): Promise<{ key: string; size: number }>;
  /** Removes a file; removing a file that is not there succeeds. */
  delete(key: string): Promise<void>;
  /** Reads a stored file as a stream (a student's data export); fails when there is no such file. */
  read(key: string): Promise<Readable>;
  /** The URL the browser fetches a public file from. */
  publicUrl(key: string): string;
}

/** The local-disk adapter, with what only a disk has: the folder, for the routes that serve it (app.ts). */
export interface LocalStorage extends Storage {
  /** Folder holding the files. */
  readonly root: string;
  /** The file's path on disk. */
  path(key: string): string;
}

/** A storage adapter on the local disk, rooted at `root` (created if missing). */
export function createLocalStorage(root: string): LocalStorage {
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
    // contentType is what an object store needs; on disk the type follows the file's name or bytes when served.
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
    async delete(key) {
      await rm(filePath(key), { force: true });
    },
    async read(key) {
      const target = filePath(key);
      await stat(target); // a missing file fails here (ENOENT), not later in the middle of a stream
      return createReadStream(target);
    },
  };
}

/** Folder of each area under DATA_DIR. Private files sit beside the public ones, so /media/ cannot reach them. */
const LOCAL_FOLDERS: Record<StorageArea, string> = { public: 'uploads', private: 'private-uploads' };

const localByRoot = new Map<string, LocalStorage>();
const s3Clients = new Map<string, S3Client>();
const s3ByArea = new Map<string, S3Storage>();

/**
 * The local-disk adapter of an area under DATA_DIR (one instance per folder). Only for what is local by nature:
 * the routes that serve and receive files on disk, registered when S3 is not configured.
 */
export function localStorageFor(config: Pick<Config, 'dataDir'>, area: StorageArea = 'public'): LocalStorage {
  const root = path.join(config.dataDir, LOCAL_FOLDERS[area]);
  let storage = localByRoot.get(root);
  if (!storage) {
    storage = createLocalStorage(root);
    localByRoot.set(root, storage);
  }
  return storage;
}

/** The S3 adapter of an area when S3 is configured (one client per configuration), else undefined. */
export function s3StorageFor(config: Pick<Config, 's3'>, area: StorageArea): S3Storage | undefined {
  const s3 = config.s3;
  if (!s3) return undefined;
  const id = JSON.stringify(s3);
  let storage = s3ByArea.get(`${area}:${id}`);
  if (!storage) {
    let client = s3Clients.get(id);
    let presigner = s3Clients.get(`presigning:${id}`);
    if (!client || !presigner) {
      client = createS3Client(s3);
      presigner = createS3Client(s3, { presigning: true });
      s3Clients.set(id, client);
      s3Clients.set(`presigning:${id}`, presigner);
    }
    storage = createS3Storage(client, s3, area, presigner);
    s3ByArea.set(`${area}:${id}`, storage);
  }
  return storage;
}

/** Storage for public files (course media, drawing images): S3's public prefix when configured, else DATA_DIR/uploads. */
export function storageFor(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return s3StorageFor(config, 'public') ?? localStorageFor(config, 'public');
}

/**
 * Storage for files that must never be public (students' uploaded work): S3's private prefix when configured, else
 * DATA_DIR/private-uploads. Files are read only through signed, expiring URLs (platform/signed-media.ts).
 */
export function privateStorageFor(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return s3StorageFor(config, 'private') ?? localStorageFor(config, 'private');
}

/** Where a warning goes (a request's logger). */
export interface WarningLog {
  warn(details: object, message: string): void;
}

/**
 * Deletes files that are no longer referenced, a few at a time. A failure is logged and does not stop the others
 * (the caller's change is already committed; a left-over file is garbage, not an error for the user).
 */
export async function deleteFiles(storage: Storage, keys: readonly string[], log: WarningLog): Promise<void> {
  const queue = [...new Set(keys)];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      try {
        await storage.delete(key);
      } catch (err) {
        log.warn({ err, storageKey: key }, 'could not delete a stored file');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
}
