import { Badge } from '@mantine/core';
import { IconClockHour4, IconLock } from '@tabler/icons-react';
import type { LessonAccess } from '../utils/lesson-access';

/** Says why a lesson is not a link: coming soon, not in the class's plan, not published, or nothing in it yet. */
export function LessonAccessBadge({ access }: { access: LessonAccess }) {
  switch (access) {
    case 'open':
      return null;
    case 'coming-soon':
      return (
        <Badge variant="light" color="blue" leftSection={<IconClockHour4 size={12} aria-hidden />}>
          Coming soon
        </Badge>
      );
    case 'premium':
      return (
        <Badge variant="light" color="grape" leftSection={<IconLock size={12} aria-hidden />}>
          Premium
        </Badge>
      );
    case 'unpublished':
      return (
        <Badge variant="outline" color="gray">
          Unpublished
        </Badge>
      );
    case 'empty':
      return (
        <Badge variant="light" color="gray">
          No videos yet
        </Badge>
      );
  }
}
