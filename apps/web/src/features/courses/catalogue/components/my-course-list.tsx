import { Anchor, Badge, Button, Card, EmptyState, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBooks, IconListTree } from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import type { MyCourse } from '../api/get-my-courses';

/** The user's courses, each with the classes they have it through. */
export function MyCourseList({ courses }: { courses: readonly MyCourse[] }) {
  if (courses.length === 0) {
    return (
      <EmptyState
        icon={<IconBooks size={28} aria-hidden />}
        title="No courses yet"
        description="Courses come with your classes. Browse the library to see what is on offer."
      >
        <Button component={Link} to={urlFor('library')} mt="sm">
          Browse the library
        </Button>
      </EmptyState>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {courses.map((course) => {
        const headingId = `my-course-${course.course_id}`;
        return (
          <li key={course.course_id}>
            <Card withBorder padding="lg" h="100%" component="article" aria-labelledby={headingId}>
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Text component="h2" fw={700} size="lg" m={0} id={headingId}>
                    {course.title}
                  </Text>
                  <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
                    {course.year_published}
                  </Badge>
                </Group>
                {course.classes.length > 0 ? (
                  <Stack gap={4}>
                    <Text size="sm" c="dimmed">
                      Open it in your {course.classes.length === 1 ? 'class' : 'classes'}:
                    </Text>
                    <Group gap="xs">
                      {course.classes.map((c) => (
                        <Button
                          key={c.id}
                          component={Link}
                          to={urlFor('class-course', { classId: c.id })}
                          variant="light"
                          size="sm"
                        >
                          {c.title} ({c.calendar_year})
                        </Button>
                      ))}
                    </Group>
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    You can see this course but are not in a class with it.
                  </Text>
                )}
                <Anchor
                  component={Link}
                  to={urlFor('course', { courseId: course.course_id })}
                  size="sm"
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                >
                  <IconListTree size={14} aria-hidden />
                  Course outline<VisuallyHidden> of {course.title}</VisuallyHidden>
                </Anchor>
              </Stack>
            </Card>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
