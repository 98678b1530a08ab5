import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id at 7 MiB × 5 passes, verifies, and calls older parameters due for a rehash', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    expect(await verifyPassword(null, 'correct horse')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=12288,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });
});
