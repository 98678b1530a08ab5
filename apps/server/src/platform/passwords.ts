import { hash, verify } from '@node-rs/argon2';

// `Algorithm` is a const enum, which isolated modules cannot read; 2 is Algorithm.Argon2id.
const ARGON2ID = 2;

// OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane (~22 ms a hash on the project's machines).
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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
