import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLocalStorage, isValidStorageKey } from './storage';

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
    await expect(storage.put('../escape.txt', 'x', 'text/plain')).rejects.toMatchObject({ code: 'bad_request' });
    expect(() => storage.path('/etc/passwd')).toThrow();
  });
});
