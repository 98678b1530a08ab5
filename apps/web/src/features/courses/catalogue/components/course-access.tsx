import type { PresitreeAssemblage } from '@banksia/contracts/courses';
import { Alert, Anchor, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconInfoCircle, IconPlayerPlay, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import { formatDuration } from '../utils/format';
import { demoLessons } from '../utils/presitree';
import classes from './lesson-list.module.css';

export interface AccessClass {
  id: number;
  title: string;
  calendar_year: number;
  role: 'teacher' | 'student';
}

interface CourseAccessProps {
  assemblage: PresitreeAssemblage;
  /** The user's classes with this course. */
  classes: readonly AccessClass[];
  /** Whether the user teaches (changes who they should ask for access). */
  isTeacher: boolean;
}

/** How to get into a course: the user's classes with it, or who to ask; and its demo lessons, open to anyone. */
export function CourseAccess({ assemblage, classes: mine, isTeacher }: CourseAccessProps) {
  const demos = demoLessons(assemblage);
  const courseId = assemblage.course.id;
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="access-classes-heading">
        <Group gap="sm" mb="sm">
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <IconSchool size={20} />
          </ThemeIcon>
          <Title order={2} size="h3" id="access-classes-heading">
            {mine.length > 0 ? 'Your classes with this course' : 'Getting access'}
          </Title>
        </Group>
        {mine.length > 0 ? (
          <Stack gap="xs">
            <Text>You already have this course through {mine.length === 1 ? 'this class' : 'these classes'}:</Text>
            <Group gap="sm">
              {mine.map((c) => (
                <Button
                  key={c.id}
                  component={Link}
                  to={urlFor('class-course', { classId: c.id })}
                  variant="light"
                  rightSection={<IconArrowRight size={16} aria-hidden />}
                >
                  {c.title} ({c.calendar_year})
                </Button>
              ))}
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text>You are not in a class that uses this course yet.</Text>
            <List spacing={4}>
              <List.Item>
                <strong>Teachers</strong> can ask their school to set up a class with this course; every student in the
                class then gets it.
              </List.Item>
              <List.Item>
                <strong>Students</strong> get courses through their classes: ask your teacher for your class&apos;s
                joining link.
              </List.Item>
            </List>
            {isTeacher && (
              <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Want to try it first?">
                Watch the demo lessons below, or browse the{' '}
                <Anchor component={Link} to={urlFor('course', { courseId })}>
                  course outline
                </Anchor>
                .
              </Alert>
            )}
          </Stack>
        )}
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="demo-lessons-heading">
        <Group gap="sm" mb="sm">
          <ThemeIcon variant="light" color="orange" size={36} radius="md" aria-hidden>
            <IconPlayerPlay size={20} />
          </ThemeIcon>
          <Title order={2} size="h3" id="demo-lessons-heading">
            Demo lessons
          </Title>
        </Group>
        {demos.length === 0 ? (
          <Text c="dimmed">This course has no demo lessons.</Text>
        ) : (
          <>
            <Text mb="xs">
              Anyone can watch these lessons, with or without a class. Nothing you do in them is saved.
            </Text>
            <Stack component="ul" gap={0} className={classes.list}>
              {demos.map((lesson) => (
                <li key={lesson.id} className={classes.item}>
                  <Group justify="space-between" py={8} wrap="wrap" gap="xs">
                    <Anchor component={Link} to={urlFor('demo-lesson', { lessonId: lesson.id })} fw={600}>
                      {lesson.title}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {formatDuration(lesson.total_duration)}
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
          </>
        )}
      </Card>
    </Stack>
  );
}
