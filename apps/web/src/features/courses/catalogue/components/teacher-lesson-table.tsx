import type { ClassFeatures } from '@banksia/contracts/classes';
import type { ClassCourseProgress, Course, Lesson } from '@banksia/contracts/courses';
import { Anchor, Group, Paper, Table, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import { formatAverage, formatDuration, plural } from '../utils/format';
import { lessonAccess } from '../utils/lesson-access';
import { LessonAccessBadge } from './lesson-badges';
import { ProgressMeter } from './progress-meter';

interface TeacherLessonTableProps {
  lessons: readonly Lesson[];
  course: Pick<Course, 'feature_sets'>;
  classId: number;
  classFeatures: ClassFeatures;
  classProgress: ClassCourseProgress;
  /** Names the table for screen readers (the heading above already says it on screen). */
  caption: string;
  /** The topic the lessons are in, for their insights page; none for lessons outside a topic. */
  topicId?: number;
}

/** The class's progress per lesson: who started it, parts opened on average, the average self-rating and notes. */
export function TeacherLessonTable({
  lessons,
  course,
  classId,
  classFeatures,
  classProgress,
  caption,
  topicId,
}: TeacherLessonTableProps) {
  if (lessons.length === 0) return null;
  const { student_count: students } = classProgress;
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Lesson</Table.Th>
              <Table.Th scope="col" w={170}>
                Students started
              </Table.Th>
              <Table.Th scope="col" w={190}>
                Parts opened (average)
              </Table.Th>
              <Table.Th scope="col" w={130}>
                Self-rating
              </Table.Th>
              <Table.Th scope="col" w={80}>
                Notes
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lessons.map((lesson) => {
              const stats = classProgress.lessons[String(lesson.id)];
              const access = lessonAccess(lesson, course, classFeatures);
              return (
                <Table.Tr key={lesson.id}>
                  <Table.Th scope="row" fw={400}>
                    <Group gap="xs" wrap="wrap">
                      {access === 'open' ? (
                        <Anchor component={Link} to={urlFor('class-lesson', { classId, lessonId: lesson.id })} fw={600}>
                          {lesson.title}
                        </Anchor>
                      ) : (
                        <Text fw={600}>{lesson.title}</Text>
                      )}
                      <LessonAccessBadge access={access} />
                    </Group>
                    <Text size="xs" c="dimmed">
                      {plural(lesson.chunk_count, 'part')} · {formatDuration(lesson.total_duration)}
                    </Text>
                    <Group gap="sm" mt={2}>
                      <Anchor
                        component={Link}
                        to={urlFor('class-progress-lesson', { classId, lessonId: lesson.id })}
                        size="xs"
                        aria-label={`Progress grid of ${lesson.title}`}
                      >
                        Progress
                      </Anchor>
                      {topicId !== undefined && (
                        <Anchor
                          component={Link}
                          to={urlFor('class-lesson-dashboard', { classId, topicId, lessonId: lesson.id })}
                          size="xs"
                          aria-label={`Insights into ${lesson.title}`}
                        >
                          Insights
                        </Anchor>
                      )}
                    </Group>
                  </Table.Th>
                  <Table.Td>
                    <ProgressMeter
                      labelHidden
                      size="sm"
                      label={`Students who started ${lesson.title}`}
                      value={stats?.students_started ?? 0}
                      total={students}
                      detail={`${stats?.students_started ?? 0} of ${students}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ProgressMeter
                      labelHidden
                      size="sm"
                      label={`Average parts opened of ${lesson.title}`}
                      value={stats?.chunk_visit_count_avg ?? 0}
                      total={lesson.chunk_count}
                      detail={`${formatAverage(stats?.chunk_visit_count_avg ?? 0)} of ${lesson.chunk_count}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    {stats && stats.self_rating_avg !== null && stats.self_rating_count > 0 ? (
                      <Group gap={4} wrap="nowrap">
                        <IconStarFilled size={14} color="var(--mantine-color-yellow-7)" aria-hidden />
                        <Text size="sm" fw={600}>
                          {formatAverage(stats.self_rating_avg)}
                        </Text>
                        <Text size="sm" c="dimmed">
                          / 5 ({stats.self_rating_count})
                        </Text>
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        No ratings
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{stats?.notes_count ?? 0}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
