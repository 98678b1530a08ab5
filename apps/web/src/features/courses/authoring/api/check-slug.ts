import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson } from '../../../../lib/request';

interface SlugCheck {
  available: boolean;
  course_title: string | null;
}

/** Whether a slug is free (GET api:admin-course-check-slug), and which course holds it if not. */
export async function checkSlug(slug: string): Promise<SlugCheck> {
  return unwrap(await getJson<SlugCheck>(`${urlFor('api:admin-course-check-slug')}?slug=${encodeURIComponent(slug)}`));
}
