import { access, mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLocalStorage, deleteFiles, isValidStorageKey, type Storage } from './storage';

describe('storage keys', () => {
  it.each([
    ['demo/videos/a.webm', true],
    ['a', true],
    ['x_y-z.1/2.vtt', true],
    ['../secret', false],
    ['demo/../../etc/passwd', false],
    ['/etc/passwd', false],
    ['demo//a', false],
    ['demo/./a', false],
    ['demo/a b.pdf', false],
    ['demo/é.pdf', false],
    ['demo/a%2e', false],
    ['', false],
  ])('%s is valid: %s', (key, valid) => {
    expect(isValidStorageKey(key)).toBe(valid);
  });
});

describe('the local-disk storage adapter', () => {
  it('writes buffers and streams under its root and names their public URL', async () => {
    const storage = createLocalStorage(await mkdtemp(path.join(os.tmpdir(), 'banksia-storage-')));
    expect(await storage.put('a/b/hello.txt', 'hello', 'text/plain')).toEqual({ key: 'a/b/hello.txt', size: 5 });
    await storage.put('a/stream.txt', Readable.from([Buffer.from('one '), Buffer.from('two')]), 'text/plain');
    expect(await readFile(storage.path('a/b/hello.txt'), 'utf8')).toBe('hello');
    expect(await readFile(path.join(storage.root, 'a', 'stream.txt'), 'utf8')).toBe('one two');
    expect(storage.publicUrl('a/b/hello.txt')).toBe('/media/a/b/hello.txt');
    expect(Buffer.concat(await (await storage.read('a/stream.txt')).toArray()).toString()).toBe('one two');
    await expect(storage.read('a/missing.txt')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.put('../escape.txt', 'x', 'text/plain')).rejects.toMatchObject({ code: 'bad_request' });
    expect(() => storage.path('/etc/passwd')).toThrow();
  });
});

describe('deleting files', () => {
  it('removes a file from the disk; removing a missing one succeeds', async () => {
    const storage = createLocalStorage(await mkdtemp(path.join(os.tmpdir(), 'banksia-storage-')));
    await storage.put('a/b/gone.txt', 'bye', 'text/plain');
    await storage.delete('a/b/gone.txt');
    await expect(access(storage.path('a/b/gone.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.delete('a/b/gone.txt')).resolves.toBeUndefined();
    await expect(storage.delete('../escape.txt')).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('deletes every key it can and logs, without throwing, the ones it cannot', async () => {
    const deleted: string[] = [];
    const storage: Storage = {
      put: async (key) => ({ key, size: 0 }),
      publicUrl: (key) => key,
      read: () => Promise.reject(new Error('not read here')),
      delete: async (key) => {
        if (key.startsWith('bad')) throw new Error(`cannot delete ${key}`);
        deleted.push(key);
      },
    };
    const warnings: { details: object; message: string }[] = [];
    const log = { warn: (details: object, message: string) => warnings.push({ details, message }) };
    const keys = ['a', 'bad1', 'b', 'a', ...Array.from({ length: 20 }, (_, i) => `k${i}`), 'bad2'];
    await deleteFiles(storage, keys, log);
    expect(deleted.sort()).toEqual(['a', 'b', ...Array.from({ length: 20 }, (_, i) => `k${i}`)].sort());
    expect(warnings.map((w) => [w.message, (w.details as { storageKey: string }).storageKey]).sort()).toEqual([
      ['could not delete a stored file', 'bad1'],
      ['could not delete a stored file', 'bad2'],
    ]);
    await expect(deleteFiles(storage, [], log)).resolves.toBeUndefined();
  });
});
