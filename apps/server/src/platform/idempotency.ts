import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema/index';
import type { Clock } from './clock';
import type { Database, Executor } from './db';
import { AppError } from './errors';

/**
 * Writes that are retried are applied once (ADR 049). The web app's request helper sends every unsafe request with
 * an `Idempotency-Key` (a UUID per logical request, the same for each of its retries). For a signed-in session the
 * first request with a key claims it, runs, and its answer (status, content type, body: never Set-Cookie) is kept for
 * IDEMPOTENCY_TTL_MS; a repeat gets that answer again, marked `Idempotent-Replayed: true`, instead of doing the work
 * twice. A repeat while the first is still running is answered 409 request_in_progress; the same key for another
 * request (method, address or body) 422 idempotency_key_reused. Only 2xx and 4xx answers are kept: a 5xx frees the
 * key, so a retry does the work. Requests without a session, or without the header, pass through unchanged.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Marks an answer given again from the store rather than by doing the work. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long an answer is kept for its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/**
 * A claim still running after this long is taken to be abandoned (the process died mid-request) and may be taken over.
 * Far above any request's run time, so a slow first try is never run a second time beside itself.
 */
export const IDEMPOTENCY_LEASE_MS = 5 * 60_000;
export const MAX_KEY_LENGTH = 255;
/** An answer larger than this is not kept (the key is freed): answers to writes are small. */
export const MAX_STORED_BODY_BYTES = 1_048_576;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Visible ASCII, no spaces: a UUID, or any opaque token a client makes. */
const KEY_PATTERN = /^[\x21-\x7e]+$/;
const KEY_FIELD = 'Idempotency-Key';

interface Pending {
  key: string;
  fingerprint: string;
}

interface Claim {
  sessionHash: string;
  key: string;
  /** When this request claimed the key: only the claim's own request may store an answer or free it. */
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key of a signed-in unsafe request, and its request's fingerprint, until claimed. */
    idempotency: Pending | null;
    /** The key this request holds while it runs; cleared once its answer is stored or the key freed. */
    idempotencyClaim: Claim | null;
  }
}

export interface IdempotencyDeps {
  db: Database;
  clock: Clock;
}

type Outcome =
  | { kind: 'claimed'; createdAt: Date }
  | { kind: 'replay'; statusCode: number; contentType: string | null; body: Buffer }
  | { kind: 'in-progress' }
  | { kind: 'mismatch' };

/** The key sent with a request, or a 400 naming the header when it is malformed. */
function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value.join(', ') : value;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) {
    const message = `Send 1 to ${MAX_KEY_LENGTH} visible ASCII characters without spaces, such as a UUID.`;
    throw new AppError('bad_request', `The ${KEY_FIELD} header is not valid. ${message}`, {
      errors: { [KEY_FIELD]: [message] },
    });
  }
  return key;
}

/**
 * SHA-256 of the method, the address (with its query) and the body as parsed (before the schema's defaults and
 * trimming). A multipart body is read by its route, not before: only its media type counts (not the boundary, which a
 * browser makes anew for each send).
 */
function fingerprintOf(request: FastifyRequest): string {
  return requestFingerprint(request.method, request.url, request.body, request.headers['content-type']);
}

/** The fingerprint of a request (see fingerprintOf), from its parts. */
export function requestFingerprint(method: string, url: string, body: unknown, contentType?: string): string {
  const hash = createHash('sha256').update(`${method} ${url}\n`);
  if (typeof body === 'string' || Buffer.isBuffer(body)) hash.update(body);
  else if (body !== undefined && body !== null) hash.update(JSON.stringify(body));
  else hash.update((contentType ?? '').split(';', 1)[0]!.trim());
  return hash.digest('base64url');
}

/** The answer as bytes to keep, or null when it cannot be kept (a stream, or too large). */
function storableBody(payload: unknown): Buffer | null {
  if (payload === undefined || payload === null) return Buffer.alloc(0);
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
  return bytes && bytes.length <= MAX_STORED_BODY_BYTES ? bytes : null;
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Claims a key for this request, or says what became of the request that claimed it first. A key older than the TTL,
 * or a claim abandoned past the lease, is taken over in the same statement; a key freed meanwhile is claimed again.
 */
async function claim(deps: IdempotencyDeps, sessionHash: string, pending: Pending): Promise<Outcome | null> {
  const now = deps.clock.now();
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const abandonedBefore = new Date(now.getTime() - IDEMPOTENCY_LEASE_MS);
  const where = and(eq(idempotencyKeys.sessionHash, sessionHash), eq(idempotencyKeys.key, pending.key));
  for (let attempt = 0; attempt < 3; attempt++) {
    let claimed: { createdAt: Date }[];
    try {
      claimed = await deps.db
        .insert(idempotencyKeys)
        .values({ sessionHash, key: pending.key, fingerprint: pending.fingerprint, createdAt: now })
        .onConflictDoUpdate({
          target: [idempotencyKeys.sessionHash, idempotencyKeys.key],
          set: { fingerprint: pending.fingerprint, createdAt: now, statusCode: null, contentType: null, body: null },
          setWhere: or(
            lt(idempotencyKeys.createdAt, expiredBefore),
            and(isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, abandonedBefore)),
          ),
        })
        .returning({ createdAt: idempotencyKeys.createdAt });
    } catch (error) {
      // The session ended since the request began (signed out elsewhere): nothing to keep the answer under.
      const code =
        (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
      if (code === FOREIGN_KEY_VIOLATION) return null;
      throw error;
    }
    if (claimed.length) return { kind: 'claimed', createdAt: now };
    const [first] = await deps.db.select().from(idempotencyKeys).where(where);
    if (!first) continue; // its request failed with a 5xx and freed the key: claim it again
    if (first.fingerprint !== pending.fingerprint) return { kind: 'mismatch' };
    if (first.statusCode === null) return { kind: 'in-progress' };
    return {
      kind: 'replay',
      statusCode: first.statusCode,
      contentType: first.contentType,
      body: first.body ?? Buffer.alloc(0),
    };
  }
  return { kind: 'in-progress' };
}

function claimWhere(held: Claim) {
  return and(
    eq(idempotencyKeys.sessionHash, held.sessionHash),
    eq(idempotencyKeys.key, held.key),
    eq(idempotencyKeys.createdAt, held.createdAt),
    isNull(idempotencyKeys.statusCode),
  );
}

/** Keeps the answer of the request holding the claim. */
async function storeAnswer(db: Executor, held: Claim, reply: FastifyReply, body: Buffer): Promise<void> {
  const type = reply.getHeader('content-type');
  await db
    .update(idempotencyKeys)
    .set({ statusCode: reply.statusCode, contentType: type === undefined ? null : String(type), body })
    .where(claimWhere(held));
}

/** Frees the key, so the next request with it does the work. */
async function freeKey(db: Executor, held: Claim): Promise<void> {
  await db.delete(idempotencyKeys).where(claimWhere(held));
}

function keeps(statusCode: number): boolean {
  return (statusCode >= 200 && statusCode < 300) || (statusCode >= 400 && statusCode < 500);
}

/** Deletes the answers kept longer than the TTL (the sessions clean-up job; a session's end deletes its own). */
export async function deleteExpiredIdempotencyKeys(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/**
 * Registers the hooks. Call after registerSessions, registerAccessControl and registerCsrf: the key is read after the
 * access and CSRF checks (a refused CSRF token is resent with the same key and must not be answered from the store),
 * and claimed after the body is validated, just before the route's own work.
 */
export function registerIdempotency(app: FastifyInstance, deps: IdempotencyDeps): void {
  app.decorateRequest('idempotency', null);
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preValidation', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.sessionHash || !request.routeOptions.url) return;
    const key = keyOf(request);
    if (key !== null) request.idempotency = { key, fingerprint: fingerprintOf(request) };
  });

  app.addHook('preHandler', async (request, reply) => {
    const pending = request.idempotency;
    if (!pending || !request.sessionHash) return;
    request.idempotency = null;
    const outcome = await claim(deps, request.sessionHash, pending);
    if (outcome === null) return;
    switch (outcome.kind) {
      case 'claimed':
        request.idempotencyClaim = { sessionHash: request.sessionHash, key: pending.key, createdAt: outcome.createdAt };
        return;
      case 'replay':
        void reply.status(outcome.statusCode).header(REPLAYED_HEADER, 'true');
        if (outcome.contentType !== null) void reply.header('content-type', outcome.contentType);
        return reply.send(outcome.body);
      case 'in-progress':
        throw new AppError('request_in_progress', undefined, { headers: { 'retry-after': '1' } });
      case 'mismatch':
        throw new AppError(
          'idempotency_key_reused',
          `This ${KEY_FIELD} was already used for a different request (another method, address or body). Send a new key.`,
          { errors: { [KEY_FIELD]: ['Already used for a different request.'] } },
        );
    }
  });

  // Before the answer leaves: a retry that comes in as soon as the connection drops finds the answer kept. Root hooks
  // run before the compression plugin's (which it adds to each route), so the body is the one the route sent.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotencyClaim;
    if (!held) return payload;
    request.idempotencyClaim = null;
    const body = keeps(reply.statusCode) ? storableBody(payload) : null;
    try {
      if (body) await storeAnswer(deps.db, held, reply, body);
      else await freeKey(deps.db, held);
    } catch (err) {
      // The answer still goes out; the claim lapses after IDEMPOTENCY_LEASE_MS.
      request.log.error({ err }, 'idempotency: the answer could not be kept');
    }
    return payload;
  });

  // A request that ended without an answer through onSend (hijacked, or the connection torn down) frees its key.
  app.addHook('onResponse', async (request) => {
    const held = request.idempotencyClaim;
    if (!held) return;
    request.idempotencyClaim = null;
    await freeKey(deps.db, held).catch((err: unknown) => request.log.error({ err }, 'idempotency: key not freed'));
  });
}
