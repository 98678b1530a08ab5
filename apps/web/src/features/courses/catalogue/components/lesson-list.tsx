import type { ClassFeatures } from '@banksia/contracts/classes';
import type { Course, Lesson, UserCourseProgress } from '@banksia/contracts/courses';
import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconPlayerPlay, IconProgress } from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import { formatDuration, plural } from '../utils/format';
import { lessonAccess, resumeIndex } from '../utils/lesson-access';
import { lessonChunkProgress, type LessonChunkProgress } from '../utils/lesson-progress';
import { LessonAccessBadge } from './lesson-badges';
import classes from './lesson-list.module.css';

interface LessonListProps {
  lessons: readonly Lesson[];
  course: Pick<Course, 'feature_sets'>;
  classId: number;
  classFeatures: ClassFeatures;
  /** The student's progress: shows what they have opened, watched and rated. Null for teachers and staff. */
  progress: UserCourseProgress | null;
  'aria-label'?: string;
}

/** Lessons as a list: each a link when it can be opened, with its length and, for a student, how far they are. */
export function LessonList({ lessons, course, classId, classFeatures, progress, ...rest }: LessonListProps) {
  if (lessons.length === 0) return null;
  return (
    <Stack component="ul" gap={0} className={classes.list} aria-label={rest['aria-label']}>
      {lessons.map((lesson) => {
        const access = lessonAccess(lesson, course, classFeatures);
        const p = progress ? lessonChunkProgress(lesson, progress) : null;
        const href =
          access === 'open'
            ? urlFor('class-lesson-chunk', { classId, lessonId: lesson.id, index: resumeIndex(lesson, progress) })
            : null;
        return (
          <li key={lesson.id} className={classes.item}>
            <Group justify="space-between" wrap="wrap" gap="xs" py="xs">
              <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 16rem' }}>
                <LessonIcon progress={p} access={access === 'open'} />
                <div style={{ minWidth: 0 }}>
                  {href ? (
                    <Anchor component={Link} to={href} fw={600}>
                      {lesson.title}
                    </Anchor>
                  ) : (
                    <Text fw={600} c="dimmed">
                      {lesson.title}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {plural(lesson.chunk_count, 'part')} · {formatDuration(lesson.total_duration)}
                  </Text>
                </div>
              </Group>
              <Group gap="xs" wrap="wrap" justify="flex-end">
                <LessonAccessBadge access={access} />
                {p && access === 'open' && <StudentMarkers progress={p} />}
              </Group>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}

function LessonIcon({ progress, access }: { progress: LessonChunkProgress | null; access: boolean }) {
  if (!progress || !access || progress.visited === 0) {
    return (
      <ThemeIcon variant="light" color={access ? 'teal' : 'gray'} radius="xl" size={30} aria-hidden>
        {access ? <IconPlayerPlay size={16} /> : <IconCircleDashed size={16} />}
      </ThemeIcon>
    );
  }
  const done = progress.visited >= progress.total;
  return (
    <ThemeIcon variant={done ? 'filled' : 'light'} color="teal" radius="xl" size={30} aria-hidden>
      {done ? <IconCircleCheck size={18} /> : <IconProgress size={18} />}
    </ThemeIcon>
  );
}

/** Parts opened, videos watched and the student's own rating, in words (the icon beside the lesson is decoration). */
function StudentMarkers({ progress }: { progress: LessonChunkProgress }) {
  const { visited, watched, total, rating } = progress;
  return (
    <>
      {visited === 0 ? (
        <Text size="sm" c="dimmed">
          Not started
        </Text>
      ) : (
        <Badge variant={visited >= total ? 'filled' : 'light'} color="teal">
          {visited >= total ? 'All parts opened' : `${visited} of ${total} parts opened`}
        </Badge>
      )}
      {watched > 0 && (
        <Badge variant="light" color="blue">
          {plural(watched, 'video')} watched
        </Badge>
      )}
      {rating !== null && (
        <Badge variant="outline" color="yellow.9">
          Your rating {rating}/5
        </Badge>
      )}
    </>
  );
}

/** A lesson list inside a bordered panel, for pages where lists sit on the grey page background. */
export function LessonListPanel(props: LessonListProps) {
  return (
    <Paper withBorder px="md" py={4}>
      <LessonList {...props} />
    </Paper>
  );
}
