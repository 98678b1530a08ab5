// First: it sets the environment that the addon's allocator reads as it loads.
import './no-transparent-huge-pages';
import type * as Argon2 from '@node-rs/argon2';

/**
 * The argon2 addon, loaded on first use rather than by a static import: in the compiled server (one bundle, ADR 051)
 * every static import of a package is evaluated before any of the bundle's own code, so the addon's allocator would
 * read its options before no-transparent-huge-pages.ts had set them.
 */
let addon: Promise<typeof Argon2> | undefined;
const argon2 = () => (addon ??= import('@node-rs/argon2'));

// `Algorithm` is a const enum, which isolated modules cannot read; 2 is Algorithm.Argon2id.
const ARGON2ID = 2;

// One of OWASP's five equal argon2id settings: 7 MiB, 5 iterations, 1 lane (ADR 007, 044). With transparent huge
// pages off, each hash's memory arrives in 4 KiB pages, so the setting with the least memory is the quickest: 8.0–8.6
// ms against 10.7–11.8 for 12 MiB × 3 (ADR 046).
const options = { algorithm: ARGON2ID, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;
const CURRENT_PARAMETERS = `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;

/** Hashes a password with argon2id. */
export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/** Checks a password against a stored hash; with no hash it still spends the time, so unknown emails are not revealed by timing. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password');
    const { verify } = await argon2();
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  const { verify } = await argon2();
  return verify(stored, password).catch(() => false);
}

/** Whether a stored hash was made with other parameters than today's: the next successful sign-in rehashes it. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PARAMETERS);
}
