import { hash, verify } from '@node-rs/argon2';

// `Algorithm` is a const enum, which isolated modules cannot read; 2 is Algorithm.Argon2id.
const ARGON2ID = 2;

// One of OWASP's equal argon2id settings: 12 MiB, 3 iterations, 1 lane (ADR 007). OWASP lists it beside 19 MiB × 2
// as the same defence; on the project's 2-core machines it checks a password in 10 ms against 17.5 (ADR 044).
const options = { algorithm: ARGON2ID, memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;
const CURRENT_PARAMETERS = `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/** Checks a password against a stored hash; with no hash it still spends the time, so unknown emails are not revealed by timing. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** Whether a stored hash was made with other parameters than today's: the next successful sign-in rehashes it. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PARAMETERS);
}
