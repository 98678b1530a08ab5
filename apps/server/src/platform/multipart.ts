import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readingMultipart, type AppError } from './errors';

/**
 * The one multipart reader of the server: every upload route registers it with its own limits (scoped to its plugin)
 * and reads its form with `readMultipart`. Uploads into public storage go through the same reader (presigned-post.ts).
 */
export type { MultipartFile } from '@fastify/multipart';

/** What one plugin's multipart forms may hold: the largest file in bytes, and how many files, fields and parts. */
export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
}

/** Lets the routes of this plugin (and of the plugins it registers after) read multipart forms within `limits`. */
export async function acceptMultipart(app: FastifyInstance, limits: MultipartLimits): Promise<void> {
  await app.register(fastifyMultipart, { limits });
}

/** A multipart form as read: its text fields, and what `onFile` answered (undefined when it never answered). */
export interface MultipartReading<T> {
  fields: Record<string, string>;
  answer: T | undefined;
}

export interface ReadMultipartOptions {
  /** The refusal of a request that is not multipart; without it, such a request reads as an empty form. */
  notMultipart?: () => AppError;
}

/**
 * Reads a multipart form in order, turning a malformed body into a 400 on the form (readingMultipart). Text fields
 * are collected as they come; each file part goes to `onFile` while its stream is open, with the fields read before
 * it. The first answer `onFile` gives (anything but undefined) ends the reading.
 */
export async function readMultipart<T = void>(
  request: FastifyRequest,
  onFile: (file: MultipartFile, fields: Record<string, string>) => Promise<T | undefined>,
  options: ReadMultipartOptions = {},
): Promise<MultipartReading<T>> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) {
    if (options.notMultipart) throw options.notMultipart();
    return { fields, answer: undefined };
  }
  return readingMultipart(async () => {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const answer = await onFile(part, fields);
      if (answer !== undefined) return { fields, answer };
    }
    return { fields, answer: undefined };
  });
}

/** Reads the first file of a multipart form (undefined when there is none) and answers what `use` makes of it. */
export async function readFirstFile<T>(
  request: FastifyRequest,
  use: (file: MultipartFile | undefined, fields: Record<string, string>) => Promise<T>,
): Promise<T> {
  const { fields, answer } = await readMultipart(request, async (file, before) => ({ value: await use(file, before) }));
  return answer ? answer.value : readingMultipart(() => use(undefined, fields));
}
