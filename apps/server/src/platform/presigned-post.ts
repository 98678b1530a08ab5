import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@banksia/contracts/activities';
import type { FastifyPluginAsync } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { access } from './authz';
import type { AppDeps } from './deps';
import { AppError } from './errors';
import { acceptMultipart, readMultipart, type MultipartFile } from './multipart';
import { localStorageFor, MEDIA_PREFIX, s3StorageFor } from './storage';
import { isValidStorageKey, SIGNED_URL_TTL_MS } from './storage-rules';

/**
 * Presigned POST uploads into public storage (architecture: one upload protocol for both adapters). The API signs
 * a policy fixing the key, the content type, a size range and an expiry of 5 minutes; the browser posts a form of
 * the returned fields plus `file` (last, as S3 requires) to the returned url. With S3 that is the bucket itself
 * (s3-storage.ts). On the local disk it is POST_UPLOAD_URL, which checks the policy as S3 would and stores the file.
 * The policy is the whole authorisation: no cookie is read, so no CSRF token is needed.
 */
export const POST_UPLOAD_URL = '/media-upload/';
export const POST_POLICY_TTL_MS = SIGNED_URL_TTL_MS;

export interface UploadForm {
  url: string;
  fields: Record<string, string>;
  public_url: string;
}

export interface UploadFormRequest {
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
}

/** A presigned POST form for one file of public storage: S3's own when configured, else the local receiver's. */
export async function createUploadForm(
  deps: Pick<AppDeps, 'config' | 'clock' | 'secret'>,
  request: UploadFormRequest,
): Promise<UploadForm> {
  const s3 = s3StorageFor(deps.config, 'public');
  if (!s3) return createLocalPresignedPost(deps.secret, { ...request, now: deps.clock.now() });
  const { url, fields } = await s3.presignedPost(request);
  return { url, fields, public_url: s3.publicUrl(request.key) };
}

export interface PostPolicy {
  key: string;
  content_type: string;
  min_bytes: number;
  max_bytes: number;
  /** Seconds since the epoch. */
  expires: number;
}

function sign(secret: string, policy: string): string {
  return createHmac('sha256', secret).update(`presigned-post\n${policy}`).digest('base64url');
}

/** The local receiver's form: key, Content-Type, the encoded policy and its signature. */
export function createLocalPresignedPost(secret: string, p: UploadFormRequest & { now: Date }): UploadForm {
  const policy: PostPolicy = {
    key: p.key,
    content_type: p.contentType,
    min_bytes: p.minBytes,
    max_bytes: p.maxBytes,
    expires: Math.floor((p.now.getTime() + POST_POLICY_TTL_MS) / 1000),
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
  return {
    url: POST_UPLOAD_URL,
    fields: { key: p.key, 'Content-Type': p.contentType, policy: encoded, signature: sign(secret, encoded) },
    public_url: `${MEDIA_PREFIX}${p.key}`,
  };
}

/** The policy of a genuine, unexpired form whose key and type fields match it; otherwise a 403. */
function checkPolicy(secret: string, fields: Record<string, string>, now: Date): PostPolicy {
  const encoded = fields.policy ?? '';
  const expected = Buffer.from(sign(secret, encoded));
  const given = Buffer.from(fields.signature ?? '');
  if (!encoded || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('forbidden', 'Invalid upload policy signature.');
  }
  const policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as PostPolicy;
  if (policy.expires * 1000 <= now.getTime()) throw new AppError('forbidden', 'The upload policy has expired.');
  if (fields.key !== policy.key || fields['Content-Type'] !== policy.content_type || !isValidStorageKey(policy.key)) {
    throw new AppError('forbidden', 'The form does not match its upload policy.');
  }
  return policy;
}

/** Checks the form's policy, reads its file within the policy's size and type, and stores it; answers true. */
async function receivePolicyFile(
  deps: AppDeps,
  storage: ReturnType<typeof localStorageFor>,
  file: MultipartFile,
  fields: Record<string, string>,
): Promise<true> {
  const policy = checkPolicy(deps.secret, fields, deps.clock.now());
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > policy.max_bytes) throw new AppError('payload_too_large', 'The file is larger than allowed.');
    chunks.push(chunk);
  }
  if (size < policy.min_bytes) throw new AppError('bad_request', 'The file is smaller than allowed.');
  const data = Buffer.concat(chunks);
  if ((await fileTypeFromBuffer(data))?.mime !== policy.content_type) {
    throw new AppError('bad_request', 'The file is not of the type of its upload policy.');
  }
  await storage.put(policy.key, data, policy.content_type);
  return true;
}

/** POST /media-upload/: receives a presigned form and stores its file; 204 like S3. Local storage only. */
export function presignedPostRoutes(deps: AppDeps): FastifyPluginAsync {
  const storage = localStorageFor(deps.config, 'public');
  return async (app) => {
    // One byte over the largest policy, so an oversized file reaches the policy's size check.
    await acceptMultipart(app, { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 11 });
    // The upload carries a policy signed by the server instead of a CSRF token (as an S3 bucket's does).
    const config = { access: access.public, csrf: 'signed-policy' as const };
    app.post(POST_UPLOAD_URL, { config, schema: { hide: true } }, async (request, reply) => {
      const { answer } = await readMultipart(
        request,
        (file, fields) => receivePolicyFile(deps, storage, file, fields),
        {
          notMultipart: () => new AppError('bad_request', 'Expected a multipart form.'),
        },
      );
      if (!answer) throw new AppError('bad_request', 'No file in the form.');
      return reply.status(204).send();
    });
  };
}
