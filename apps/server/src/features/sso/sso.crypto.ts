import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The 256-bit key that encrypts client secrets at rest: SSO_SECRET_KEY when configured, else one derived from the
 * app's secret (a deployment that rotates SECRET_KEY without setting SSO_SECRET_KEY must re-enter client secrets).
 */
export function secretBoxKey(configured: string | undefined, appSecret: string): Buffer {
  return createHash('sha256')
    .update(configured ?? `banksia-sso-client-secrets:${appSecret}`)
    .digest();
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain secret; throws when the key is wrong or the value was tampered with. */
export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed client secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
