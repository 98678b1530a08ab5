import type { ClassAssemblage, UserCourseProgress } from '@banksia/contracts/courses';
import type { ListingOptions } from '@banksia/contracts/rules/listing';
import { Anchor, EmptyState, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import { lessonsUnder, looseLessons, topicsOf } from '../utils/class-tree';
import { plural } from '../utils/format';
import { lessonAccess } from '../utils/lesson-access';
import { LessonList } from './lesson-list';

interface LessonIndexProps {
  assemblage: ClassAssemblage;
  listing: ListingOptions;
  progress: UserCourseProgress | null;
}

/** Every lesson of the class's course, grouped by topic. */
export function LessonIndex({ assemblage, listing, progress }: LessonIndexProps) {
  const classId = assemblage.class.id;
  const groups = [
    { id: 0, title: 'Lessons', lessons: looseLessons(assemblage, listing), topicId: null as number | null },
    ...topicsOf(assemblage, listing).map((t) => ({
      id: t.section.id,
      title: t.section.title,
      lessons: lessonsUnder(assemblage, t.node, listing),
      topicId: t.section.id,
    })),
  ].filter((g) => g.lessons.length > 0);
  const hasPremium = groups.some((g) =>
    g.lessons.some((l) => lessonAccess(l, assemblage.course, assemblage.class.features) === 'premium'),
  );

  if (groups.length === 0) {
    return (
      <EmptyState
        icon={<IconBooks size={28} aria-hidden />}
        title="No lessons yet"
        description="This course has no published lessons yet. Check back soon."
      />
    );
  }

  return (
    <Stack gap="lg">
      {hasPremium && (
        <Text size="sm" c="dimmed">
          Lessons marked Premium are not part of this class&apos;s plan. Your school can add them.
        </Text>
      )}
      {groups.map((group) => (
        <Stack key={group.id} gap={6} component="section" aria-labelledby={`lesson-group-${group.id}`}>
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h3" id={`lesson-group-${group.id}`}>
              {group.title}
            </Title>
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                {plural(group.lessons.length, 'lesson')}
              </Text>
              {group.topicId !== null && (
                <Anchor
                  component={Link}
                  to={urlFor('class-course-topic', { classId, topicId: group.topicId })}
                  size="sm"
                >
                  Topic overview<VisuallyHidden> for {group.title}</VisuallyHidden>
                </Anchor>
              )}
            </Group>
          </Group>
          <Paper withBorder px="md" py={4}>
            <LessonList
              lessons={group.lessons}
              course={assemblage.course}
              classId={classId}
              classFeatures={assemblage.class.features}
              progress={progress}
              aria-label={`Lessons in ${group.title}`}
            />
          </Paper>
        </Stack>
      ))}
    </Stack>
  );
}
