import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie, removeCookie, writeCookie } from './cookies';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cookies', () => {
  it('reads null for a cookie that is not set', () => {
    expect(readCookie('missing')).toBeNull();
  });

  it('round-trips a value that needs encoding', () => {
    writeCookie('note', 'a b;c=d%');
    expect(readCookie('note')).toBe('a b;c=d%');
  });

  it('does not match a cookie whose name merely ends with the one asked for', () => {
    document.cookie = 'xcsrftoken=wrong; path=/';
    document.cookie = 'csrftoken=right; path=/';
    expect(readCookie('csrftoken')).toBe('right');
  });

  it('keeps a raw server value that is not percent-encoded', () => {
    document.cookie = 'raw=50%off; path=/';
    expect(readCookie('raw')).toBe('50%off');
  });

  it('writes SameSite=Lax with path / by default, and the expiry when given', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    writeCookie('a', '1');
    writeCookie('b', '2', { expires: new Date(Date.UTC(2030, 0, 1)), path: '/app' });
    expect(setter).toHaveBeenNthCalledWith(1, 'a=1; path=/; SameSite=Lax');
    expect(setter).toHaveBeenNthCalledWith(2, 'b=2; path=/app; SameSite=Lax; expires=Tue, 01 Jan 2030 00:00:00 GMT');
  });

  it('removes a cookie', () => {
    writeCookie('gone', 'soon');
    removeCookie('gone');
    expect(readCookie('gone')).toBeNull();
  });
});
