import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { access } from './authz';
import type { AppDeps } from './deps';
import { AppError } from './errors';
import { isValidStorageKey, privateStorageFor } from './storage';

/** URL prefix of private files served through signed links (never the public /media/ folder). */
export const SIGNED_MEDIA_PREFIX = '/media-signed/';
/** How long a signed link works. */
export const SIGNED_URL_TTL_MS = 5 * 60 * 1000;

function signature(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`media-signed\n${key}\n${expires}`).digest('base64url');
}

/** A link to a private file that works until `now + ttl` (seconds since the epoch in `expires`). */
export function signedMediaUrl(secret: string, key: string, now: Date, ttlMs = SIGNED_URL_TTL_MS): string {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  return `${SIGNED_MEDIA_PREFIX}${key}?expires=${expires}&signature=${signature(secret, key, expires)}`;
}

/** Whether a signed link is genuine and not yet expired. */
export function verifySignedMedia(secret: string, key: string, expires: string, sig: string, now: Date): boolean {
  if (!/^\d{1,12}$/.test(expires) || !isValidStorageKey(key)) return false;
  const expected = Buffer.from(signature(secret, key, Number(expires)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(expires) * 1000 > now.getTime();
}

const INLINE_TYPES = /^(image\/|application\/pdf$)/;

/**
 * GET /media-signed/{key}?expires=…&signature=…: a private file, for whoever holds a valid, unexpired link (the
 * API hands links out only after checking who asks). The type is read from the file's bytes; nothing is cached.
 */
export function registerSignedMedia(app: FastifyInstance, deps: AppDeps): void {
  const storage = privateStorageFor(deps.config);
  app.get(
    `${SIGNED_MEDIA_PREFIX}*`,
    { config: { access: access.public }, schema: { hide: true } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const query = request.query as Record<string, unknown>;
      const expires = typeof query.expires === 'string' ? query.expires : '';
      const sig = typeof query.signature === 'string' ? query.signature : '';
      if (!verifySignedMedia(deps.secret, key, expires, sig, deps.clock.now())) {
        throw new AppError('forbidden', 'This link is not valid or has expired.');
      }
      const filePath = storage.path(key);
      const info = await stat(filePath).catch(() => null);
      if (!info?.isFile()) throw new AppError('not_found');
      const type = (await fileTypeFromFile(filePath))?.mime ?? 'application/octet-stream';
      const name = key.split('/').pop()!;
      return reply
        .header('content-type', type)
        .header('content-length', info.size)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', 'sandbox')
        .header('content-disposition', `${INLINE_TYPES.test(type) ? 'inline' : 'attachment'}; filename="${name}"`)
        .send(createReadStream(filePath));
    },
  );
}
