import { useMe } from '../../features/accounts/index';
import { urlFor } from '../../lib/named-routes';
import type { Crumb } from '../components/page-breadcrumbs';

/** The classes the signed-in user teaches, for the "Set a task" form. */
export function useTeacherClasses() {
  const { data: me } = useMe();
  return (me?.classes ?? [])
    .filter((c) => c.role === 'teacher')
    .map((c) => ({ id: c.id, title: c.title }))
    .sort((a, b) => a.title.localeCompare(b.title, 'en', { numeric: true }));
}

export const tasksCrumb: Crumb = { label: 'Tasks', href: urlFor('tasks') };
