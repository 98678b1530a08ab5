import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer in, from Accept-Encoding (brotli first, as the app's compression prefers it). */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name!.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}

/**
 * A body compressed as @fastify/compress would (brotli at the app's level 4, or gzip), for answers sent outside its
 * reach: bodies built once and sent many times, and pages sent by the not-found handler, which is not a route.
 */
export function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  if (encoding === 'gzip') return gzip(body);
  return Promise.resolve(body);
}
