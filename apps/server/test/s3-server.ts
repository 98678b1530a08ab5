import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/platform/config';

/** s3rver's built-in account: the only access key it knows. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** The app's S3 settings for the server's bucket (path-style, as its endpoint is an IP address). */
  config: S3Config;
  endpoint: string;
  close(): Promise<void>;
}

export interface TestS3Options {
  /** Browser origins the bucket's CORS rule lets GET, PUT and POST (as the bucket of a real deployment needs). */
  corsOrigins?: readonly string[];
  /** Port to listen on (a free one by default). */
  port?: number;
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The bucket's CORS rule, as docs/videos-and-captions.md asks of a real bucket (in S3's XML form). */
function corsConfiguration(origins: readonly string[]): string {
  return (
    '<CORSConfiguration><CORSRule>' +
    origins.map((o) => `<AllowedOrigin>${xmlEscape(o)}</AllowedOrigin>`).join('') +
    '<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>' +
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>' +
    '</CORSRule></CORSConfiguration>'
  );
}

/**
 * Starts s3rver (an S3-compatible HTTP server in pure JavaScript) in this process on a free loopback port, with one
 * empty bucket, its files in a temporary folder. What s3rver does not do, and so these tests cannot show (ADR 009):
 * it checks no SigV4 signature (only that a presigned URL has not expired), none of a POST policy's conditions,
 * and no bucket policy or ACL (every object can be read without a signature); CompleteMultipartUpload checks
 * neither the parts' ETags nor S3's 5 MiB smallest part.
 *
 * s3rver 3.7.1 has multipart uploads (create, upload part, complete) but not ListParts nor AbortMultipartUpload
 * (both answer 405): the two are added here ({@link multipartExtras}) over s3rver's own folder of parts, so the app
 * uses S3's real API for direct video uploads and the tests exercise it.
 */
export async function startTestS3Server(
  bucket = 'banksia-test',
  { corsOrigins, port = 0 }: TestS3Options = {},
): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'banksia-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: corsOrigins?.length ? [corsConfiguration(corsOrigins)] : [] }],
  });
  const { address, port: listening } = await server.run();
  // s3rver's HTTP server (not in its types): ListParts and AbortMultipartUpload are answered before s3rver sees them.
  const httpServer = (server as unknown as { httpServer: Server }).httpServer;
  const [s3rverHandler] = httpServer.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  httpServer.removeAllListeners('request');
  httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!multipartExtras(directory, req, res)) s3rverHandler!(req, res);
  });
  const endpoint = `http://${address}:${listening}`;
  return {
    endpoint,
    config: {
      bucket,
      region: 'us-east-1',
      endpoint,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      forcePathStyle: true,
      publicUrl: undefined,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * ListParts (`GET /bucket/key?uploadId=…`) and AbortMultipartUpload (`DELETE /bucket/key?uploadId=…`) for s3rver,
 * which keeps an upload's parts in `<directory>/<bucket>/._S3rver_uploads/<uploadId>/<partNumber>` with the part's
 * MD5 (its ETag) in `<partNumber>.md5`, written once the part is whole: only parts with one are listed, as S3 lists
 * only parts it has finished receiving. Answers false for any other request (s3rver answers it).
 */
function multipartExtras(directory: string, req: IncomingMessage, res: ServerResponse): boolean {
  const url = new URL(req.url ?? '/', 'http://s3');
  const uploadId = url.searchParams.get('uploadId');
  if (!uploadId || (req.method !== 'GET' && req.method !== 'DELETE')) return false;
  const [, bucket = '', ...keyParts] = url.pathname.split('/');
  const key = decodeURIComponent(keyParts.join('/'));
  const answer = (status: number, xml = '') => {
    res.writeHead(status, xml ? { 'content-type': 'application/xml' } : {});
    res.end(xml ? `<?xml version="1.0" encoding="UTF-8"?>\n${xml}` : undefined);
  };
  void (async () => {
    const uploadDir = path.join(directory, decodeURIComponent(bucket), '._S3rver_uploads', path.basename(uploadId));
    const storedKey = await readFile(path.join(uploadDir, 'key'), 'utf8').catch(() => null);
    if (storedKey !== key) {
      answer(
        404,
        '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message>' +
          `<UploadId>${xmlEscape(uploadId)}</UploadId></Error>`,
      );
      return;
    }
    if (req.method === 'DELETE') {
      await rm(uploadDir, { recursive: true, force: true });
      answer(204);
      return;
    }
    const names = await readdir(uploadDir);
    const numbers = names
      .filter((n) => /^\d+$/.test(n) && names.includes(`${n}.md5`))
      .map(Number)
      .sort((a, b) => a - b);
    const marker = Number(url.searchParams.get('part-number-marker') ?? 0);
    const maxParts = Number(url.searchParams.get('max-parts') ?? 1000);
    const after = numbers.filter((n) => n > marker);
    const page = after.slice(0, maxParts);
    const parts = await Promise.all(
      page.map(async (n) => {
        const [info, md5] = await Promise.all([
          stat(path.join(uploadDir, String(n))),
          readFile(path.join(uploadDir, `${n}.md5`), 'utf8'),
        ]);
        return (
          `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified>` +
          `<ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`
        );
      }),
    );
    answer(
      200,
      '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Bucket>${xmlEscape(decodeURIComponent(bucket))}</Bucket><Key>${xmlEscape(key)}</Key>` +
        `<UploadId>${xmlEscape(uploadId)}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
        `<NextPartNumberMarker>${page.at(-1) ?? marker}</NextPartNumberMarker><MaxParts>${maxParts}</MaxParts>` +
        `<IsTruncated>${after.length > page.length}</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  })().catch((err: unknown) => {
    answer(500, `<Error><Code>InternalError</Code><Message>${xmlEscape(String(err))}</Message></Error>`);
  });
  return true;
}
