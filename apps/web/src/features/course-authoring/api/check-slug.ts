import { z } from 'zod';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson } from '../../../lib/request';

const answer = z.object({ available: z.boolean(), course_title: z.string().nullable() });

/** Whether a slug is free (GET api:admin-course-check-slug), and which course holds it if not. */
export async function checkSlug(slug: string): Promise<z.infer<typeof answer>> {
  return unwrap(
    await getJson(`${urlFor('api:admin-course-check-slug')}?slug=${encodeURIComponent(slug)}`, {
      transform: (b) => answer.parse(b),
    }),
  );
}
