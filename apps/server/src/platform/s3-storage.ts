import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
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
  /** The file's size in bytes and type, or null when there is no such file. */
  head(key: string): Promise<{ size: number; contentType: string | undefined } | null>;
  /** Bytes `start` to `endInclusive` of a file (fewer when it ends before), with a ranged GET. */
  readRange(key: string, start: number, endInclusive: number): Promise<Buffer>;

  // Multipart uploads the browser sends straight to the bucket (video uploads): the app starts, lists, completes
  // and aborts them; the browser PUTs each part to a presigned URL, so the bytes never pass through the app.

  /** Starts a multipart upload of the file, with its type and the area's object headers; answers its upload id. */
  createMultipartUpload(key: string, contentType: string): Promise<string>;
  /** A presigned PUT of one part (numbered from 1), valid for `ttlSeconds` (at most 5 minutes) from `signingDate`. */
  presignUploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    signingDate: Date,
    ttlSeconds?: number,
  ): Promise<string>;
  /** The parts the bucket holds, by part number; null when there is no such upload (completed or aborted). */
  listParts(key: string, uploadId: string): Promise<MultipartPart[] | null>;
  /** Makes the file from these parts (as listParts answered them). */
  completeMultipartUpload(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<void>;
  /** Gives up an upload and its parts; aborting one that no longer exists succeeds. */
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
}

/** A part of a multipart upload, as the bucket lists it. */
export interface MultipartPart {
  partNumber: number;
  size: number;
  etag: string;
}

/** Whether an S3 error says the multipart upload is not there (completed, aborted or expired). */
function isNoSuchUpload(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchUpload' || e?.Code === 'NoSuchUpload' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * An S3 client for the configuration: static keys when given, else the SDK's default credential chain. `presigning`:
 * a client that only signs URLs, which must not add the SDK's default checksums (for AWS itself the SDK would sign an
 * `x-amz-checksum-crc32` of an empty body into a presigned UploadPart, and S3 would refuse the browser's part).
 */
export function createS3Client(config: S3Config, { presigning = false } = {}): S3Client {
  const options: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
  };
  if (config.endpoint) options.endpoint = config.endpoint;
  if (config.endpoint || presigning) {
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

/** Parts listed per ListParts request (S3's most). */
const LIST_PARTS_PAGE = 1000;

/**
 * The S3 adapter for one area of the bucket, over a shared client. Presigned part URLs are signed by `presigner`
 * (made from the configuration when not given; it sends no request).
 */
export function createS3Storage(
  client: S3Client,
  config: S3Config,
  area: StorageArea,
  presigner: S3Client = createS3Client(config, { presigning: true }),
): S3Storage {
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
    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: Number(answer.ContentLength ?? 0), contentType: answer.ContentType };
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async readRange(key, start, endInclusive) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket, Key: objectKey(key), Range: `bytes=${start}-${endInclusive}` }),
      );
      if (!answer.Body) throw new Error(`S3 gave no body for ${key}`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async createMultipartUpload(key, contentType) {
      const answer = await client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: objectKey(key),
          ContentType: contentType,
          ...objectHeaders(area, key, contentType),
        }),
      );
      if (!answer.UploadId) throw new Error(`S3 gave no upload id for ${key}`);
      return answer.UploadId;
    },
    async presignUploadPart(key, uploadId, partNumber, signingDate, ttlSeconds = S3_PRESIGN_TTL_SECONDS) {
      const expiresIn = Math.min(ttlSeconds, S3_PRESIGN_TTL_SECONDS);
      return getSignedUrl(
        presigner,
        new UploadPartCommand({ Bucket, Key: objectKey(key), UploadId: uploadId, PartNumber: partNumber }),
        { expiresIn, signingDate },
      );
    },
    async listParts(key, uploadId) {
      const parts: MultipartPart[] = [];
      let marker: string | undefined;
      try {
        for (;;) {
          const answer = await client.send(
            new ListPartsCommand({
              Bucket,
              Key: objectKey(key),
              UploadId: uploadId,
              MaxParts: LIST_PARTS_PAGE,
              PartNumberMarker: marker,
            }),
          );
          for (const part of answer.Parts ?? []) {
            if (part.PartNumber === undefined || !part.ETag) continue;
            parts.push({ partNumber: part.PartNumber, size: Number(part.Size ?? 0), etag: part.ETag });
          }
          if (!answer.IsTruncated || !answer.NextPartNumberMarker) break;
          marker = answer.NextPartNumberMarker;
        }
      } catch (err) {
        if (isNoSuchUpload(err)) return null;
        throw err;
      }
      return parts.sort((a, b) => a.partNumber - b.partNumber);
    },
    async completeMultipartUpload(key, uploadId, parts) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: objectKey(key),
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
    },
    async abortMultipartUpload(key, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: objectKey(key), UploadId: uploadId }));
      } catch (err) {
        if (!isNoSuchUpload(err)) throw err;
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
