import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

export const NUL_MESSAGE = 'Text must not contain the NUL character.';

/** The dotted path of the first string holding a NUL character, or null. PostgreSQL text cannot store one. */
export function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // Raw bytes (a video chunk) are not text; walking them entry by entry would take seconds per megabyte.
  if (value instanceof Uint8Array) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses a NUL character anywhere in the path, query or JSON body with a 400 naming the field, before any route
 * runs, so no route can fail on it half-way (multipart fields are checked where they are read).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findNul(value);
      if (found) {
        const field = found.length ? found.join('.') : context === 'body' ? 'non_field_errors' : context;
        throw new AppError('validation_failed', undefined, { errors: { [field]: [NUL_MESSAGE] } });
      }
    }
  });
}
