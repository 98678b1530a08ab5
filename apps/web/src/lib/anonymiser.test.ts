import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAnonymised, setAnonymisedCookie } from './anonymiser';

afterEach(() => {
  setAnonymisedCookie(false);
  vi.restoreAllMocks();
});

describe('anonymiser cookie (spec §4)', () => {
  it('is off by default', () => {
    expect(isAnonymised()).toBe(false);
  });

  it('turning on writes anonymizeStudentData until 02:00 the next day; the state is read back from it', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    setAnonymisedCookie(true, new Date(2026, 10, 21, 10, 15));
    expect(setter).toHaveBeenCalledWith(
      `anonymizeStudentData=1; path=/; SameSite=Lax; expires=${new Date(2026, 10, 22, 2, 0).toUTCString()}`,
    );
    setter.mockRestore();
    // Set now, so the browser keeps it (a cookie dated in the past is dropped at once).
    setAnonymisedCookie(true);
    expect(isAnonymised()).toBe(true);
  });

  it('turning off removes the cookie', () => {
    setAnonymisedCookie(true);
    setAnonymisedCookie(false);
    expect(document.cookie).not.toContain('anonymizeStudentData');
    expect(isAnonymised()).toBe(false);
  });
});
