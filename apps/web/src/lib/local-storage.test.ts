import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readStored, removeStored, writeStored } from './local-storage';

const prefs = z.object({ theme: z.enum(['light', 'dark']) });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('local storage', () => {
  it('round-trips a value that matches the schema', () => {
    expect(writeStored('prefs', { theme: 'dark' })).toBe(true);
    expect(readStored('prefs', prefs)).toEqual({ theme: 'dark' });
  });

  it('reads null for a missing key', () => {
    expect(readStored('prefs', prefs)).toBeNull();
  });

  it('removes a value that is not valid JSON', () => {
    localStorage.setItem('prefs', '{not json');
    expect(readStored('prefs', prefs)).toBeNull();
    expect(localStorage.getItem('prefs')).toBeNull();
  });

  it('removes a value that fails the schema', () => {
    localStorage.setItem('prefs', JSON.stringify({ theme: 'purple' }));
    expect(readStored('prefs', prefs)).toBeNull();
    expect(localStorage.getItem('prefs')).toBeNull();
  });

  it('removes a stored value', () => {
    writeStored('prefs', { theme: 'light' });
    removeStored('prefs');
    expect(localStorage.getItem('prefs')).toBeNull();
  });

  it('never throws when storage is blocked', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access denied', 'SecurityError');
    });
    expect(readStored('prefs', prefs)).toBeNull();
    expect(writeStored('prefs', { theme: 'dark' })).toBe(false);
    expect(() => removeStored('prefs')).not.toThrow();
  });

  it('reports false instead of throwing when storage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Full', 'QuotaExceededError');
    });
    expect(writeStored('prefs', { theme: 'dark' })).toBe(false);
  });
});

describe('removeStoredWithPrefix', () => {
  it('removes only the keys with the prefix', async () => {
    const { removeStoredWithPrefix } = await import('./local-storage');
    window.localStorage.setItem('banksia:notes-draft:1:2:3', '{}');
    window.localStorage.setItem('banksia:other', '1');
    window.localStorage.setItem('someone-else', 'keep');
    removeStoredWithPrefix('banksia:');
    expect(window.localStorage.getItem('banksia:notes-draft:1:2:3')).toBeNull();
    expect(window.localStorage.getItem('banksia:other')).toBeNull();
    expect(window.localStorage.getItem('someone-else')).toBe('keep');
  });
});
