import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from './config';
import type { Storage } from './storage';
import {
  assertStorageKey,
  PRIVATE_CACHE_CONTROL,
  privateContentDisposition,
  PUBLIC_CACHE_CONTROL,
  SIGNED_URL_TTL_MS,
  type StorageArea,
} from './storage-rules';

/**
 * The S3 adapter (ADR 009). One bucket holds both areas under their own prefix: `public/…` (read by anyone, through
 * a bucket policy or a CDN in front of the bucket) and `private/…` (students' work: read only through presigned
 * GETs that last at most 5 minutes). Storage keys are the same as on the local disk; the prefix is added here.
 */
export const S3_AREA_PREFIX: Record<StorageArea, string> = { public: 'public/', private: 'private/' };

/** Lifetime of presigned GETs and POSTs, in seconds (the issue allows at most 5 minutes). */
export const S3_PRESIGN_TTL_SECONDS = SIGNED_URL_TTL_MS / 1000;

export interface PresignedPostRequest {
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
}

export interface S3Storage extends Storage {
  readonly area: StorageArea;
  readonly bucket: string;
  /** The object's key in the bucket: the area's prefix, then the storage key. */
  objectKey(key: string): string;
  /** A presigned GET of a file, valid for `ttlSeconds` (at most 5 minutes) from `signingDate`. */
  signedGetUrl(key: string, signingDate: Date, ttlSeconds?: number): Promise<string>;
  /**
   * A presigned POST form (S3's browser upload) that can only write this exact key, with this Content-Type, of
   * `minBytes` to `maxBytes` bytes, for 5 minutes from now. The file goes last in the posted form.
   */
  presignedPost(request: PresignedPostRequest): Promise<{ url: string; fields: Record<string, string> }>;
  /** Fails with a clear message when the bucket cannot be reached with the configured credentials (start-up). */
  checkBucket(): Promise<void>;
}

/** An S3 client for the configuration: static keys when given, else the SDK's default credential chain. */
export function createS3Client(config: S3Config): S3Client {
  const options: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
  };
  if (config.endpoint) {
    options.endpoint = config.endpoint;
    // S3-compatible stores do not all accept the checksums the SDK adds by default; send them only when required.
    options.requestChecksumCalculation = 'WHEN_REQUIRED';
    options.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  if (config.accessKeyId && config.secretAccessKey) {
    options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
  }
  return new S3Client(options);
}

/** The URL browsers read the bucket's objects from: S3_PUBLIC_URL, else the bucket's own address. */
export function bucketBaseUrl(config: S3Config): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.endpoint) {
    const endpoint = new URL(config.endpoint);
    const path = endpoint.pathname.replace(/\/+$/, '');
    return config.forcePathStyle
      ? `${endpoint.origin}${path}/${config.bucket}`
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}${path}`;
  }
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}

/** Object headers of a file in an area, the same the local routes send for it. */
function objectHeaders(
  area: StorageArea,
  key: string,
  contentType: string,
): { CacheControl: string; ContentDisposition?: string } {
  return area === 'public'
    ? { CacheControl: PUBLIC_CACHE_CONTROL }
    : { CacheControl: PRIVATE_CACHE_CONTROL, ContentDisposition: privateContentDisposition(key, contentType) };
}

/** Counts the bytes of a stream as they pass. */
function counted(source: Readable, onChunk: (bytes: number) => void): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        onChunk(buffer.length);
        yield buffer;
      }
    })(),
  );
}

/** The S3 adapter for one area of the bucket, over a shared client. */
export function createS3Storage(client: S3Client, config: S3Config, area: StorageArea): S3Storage {
  const Bucket = config.bucket;
  const prefix = S3_AREA_PREFIX[area];
  const baseUrl = bucketBaseUrl(config);
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };
  return {
    area,
    bucket: Bucket,
    objectKey,
    publicUrl: (key) => `${baseUrl}/${objectKey(key)}`,
    async put(key, data, contentType) {
      const Key = objectKey(key);
      const headers = objectHeaders(area, key, contentType);
      if (!(data instanceof Readable)) {
        const body = Buffer.from(data);
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType, ...headers }));
        return { key, size: body.length };
      }
      // A stream of unknown length: lib-storage sends it in one PUT when small, else as a multipart upload
      // (5 MB parts, aborted on failure), so a large video is never held in memory whole.
      let size = 0;
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key,
          Body: counted(data, (n) => (size += n)),
          ContentType: contentType,
          ...headers,
        },
      });
      await upload.done();
      return { key, size };
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success, as the local adapter does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      // In Node the SDK's body is a Readable (an IncomingMessage with the SDK's helpers mixed in).
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 gave no readable body for ${key}`);
      return answer.Body;
    },
    async signedGetUrl(key, signingDate, ttlSeconds = S3_PRESIGN_TTL_SECONDS) {
      const expiresIn = Math.min(ttlSeconds, S3_PRESIGN_TTL_SECONDS);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: objectKey(key) }), { expiresIn, signingDate });
    },
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const reason = err instanceof Error ? err.name || err.message : String(err);
        throw new Error(`S3 bucket ${JSON.stringify(Bucket)} is not reachable (${reason}).`, { cause: err });
      }
    },
    async presignedPost({ key, contentType, minBytes, maxBytes }) {
      const Key = objectKey(key);
      const headers = objectHeaders(area, key, contentType);
      const fields: Record<string, string> = { 'Content-Type': contentType, 'Cache-Control': headers.CacheControl };
      if (headers.ContentDisposition) fields['Content-Disposition'] = headers.ContentDisposition;
      // The SDK adds an exact-match condition for the key, the bucket and every field (Content-Type included);
      // the explicit ones below say what the form is for even if that changed.
      return createPresignedPost(client, {
        Bucket,
        Key,
        Conditions: [
          ['eq', '$key', Key],
          ['eq', '$Content-Type', contentType],
          ['content-length-range', minBytes, maxBytes],
        ],
        Fields: fields,
        Expires: S3_PRESIGN_TTL_SECONDS,
      });
    },
  };
}
