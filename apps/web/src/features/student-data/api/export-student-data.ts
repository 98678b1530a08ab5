import { urlFor } from '../../../lib/named-routes';

/**
 * Where the zip of everything held about a student downloads from (GET api:student-data-export). The browser fetches
 * it itself (a link with `download`), so a large export streams to disk instead of through memory.
 */
export function studentDataExportUrl(userId: number): string {
  return urlFor('api:student-data-export', { userId });
}
