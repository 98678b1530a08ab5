import type { Lesson } from '@banksia/contracts/courses';
import { Button } from '@mantine/core';
import { IconClockHour4, IconLock, IconVideoOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type LessonAccess } from '../../features/courses/catalogue/index';
import { StatusPage } from '../pages/status-page';

/** Why a lesson cannot be opened, with the way back: instead of the player, for a lesson that is not a link. */
export function LessonUnavailable({
  lesson,
  access,
  back,
}: {
  lesson: Lesson;
  access: Exclude<LessonAccess, 'open'>;
  back: { href: string; label: string };
}) {
  const action = (
    <Button component={Link} to={back.href}>
      {back.label}
    </Button>
  );
  switch (access) {
    case 'coming-soon':
      return (
        <StatusPage icon={<IconClockHour4 size={40} />} title={`${lesson.title} is coming soon`} actions={action}>
          This lesson is still being made. It will open here as soon as it is ready.
        </StatusPage>
      );
    case 'premium':
      return (
        <StatusPage icon={<IconLock size={40} />} title={`${lesson.title} is a premium lesson`} actions={action}>
          Premium lessons are not part of this class&apos;s plan. Your school can add them to the class.
        </StatusPage>
      );
    case 'unpublished':
    case 'empty':
      return (
        <StatusPage
          icon={<IconVideoOff size={40} />}
          title={`${lesson.title} has nothing to watch yet`}
          actions={action}
        >
          This lesson has no published videos yet. Try another lesson, or come back later.
        </StatusPage>
      );
  }
}
