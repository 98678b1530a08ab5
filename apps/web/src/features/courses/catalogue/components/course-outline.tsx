import type { ExamSummary, Lesson, PresiTreeNode, PresitreeAssemblage } from '@banksia/contracts/courses';
import { isLessonNavigable } from '@banksia/contracts/rules/listing';
import { Anchor, Badge, Card, EmptyState, Group, Stack, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';
import { IconBooks, IconChecklist, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import { formatDuration, plural } from '../utils/format';
import { outlineItems, outlineLessons, type OutlineItem } from '../utils/presitree';
import classes from './lesson-list.module.css';

interface CourseOutlineProps {
  assemblage: PresitreeAssemblage;
  /** The user's class with this course, if any: lessons and topics then open in it. */
  classId: number | null;
}

/** A course's topics with their lessons and exams; lessons link into the user's class, or to their demo. */
export function CourseOutline({ assemblage, classId }: CourseOutlineProps) {
  const topics = outlineItems(assemblage, assemblage.tree).flatMap((item) => (item.type === 'section' ? [item] : []));
  if (topics.length === 0) {
    return (
      <EmptyState
        icon={<IconBooks size={28} aria-hidden />}
        title="No topics yet"
        description="This course has no published topics yet."
      />
    );
  }
  return (
    <Stack gap="md">
      {topics.map(({ section, node }, i) => {
        const lessons = outlineLessons(assemblage, node);
        const duration = lessons.reduce((sum, l) => sum + l.total_duration, 0);
        const headingId = `outline-topic-${section.id}`;
        return (
          <Card key={section.id} withBorder padding="lg" component="section" aria-labelledby={headingId}>
            <Group justify="space-between" align="baseline" mb="xs">
              <Title order={2} size="h3" id={headingId}>
                <Text span c="dimmed" inherit>
                  {i + 1}.{' '}
                </Text>
                {classId !== null ? (
                  <Anchor
                    component={Link}
                    to={urlFor('class-course-topic', { classId, topicId: section.id })}
                    inherit
                    c="inherit"
                    underline="hover"
                  >
                    {section.title}
                  </Anchor>
                ) : (
                  section.title
                )}
              </Title>
              <Text size="sm" c="dimmed">
                {plural(lessons.length, 'lesson')} · {formatDuration(duration)}
              </Text>
            </Group>
            <OutlineNode assemblage={assemblage} node={node} classId={classId} headingOrder={3} />
          </Card>
        );
      })}
      {outlineItems(assemblage, assemblage.tree).some((item) => item.type !== 'section') && (
        <Card withBorder padding="lg" component="section" aria-labelledby="outline-course-wide">
          <Title order={2} size="h3" id="outline-course-wide" mb="xs">
            For the whole course
          </Title>
          <Stack component="ul" gap={0} className={classes.list}>
            {outlineItems(assemblage, assemblage.tree).map((item) =>
              item.type === 'lesson' ? (
                <LessonRow key={`l${item.lesson.id}`} lesson={item.lesson} classId={classId} />
              ) : item.type === 'exam' ? (
                <ExamRow key={`e${item.exam.id}`} exam={item.exam} />
              ) : null,
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function OutlineNode({
  assemblage,
  node,
  classId,
  headingOrder,
}: CourseOutlineProps & { node: PresiTreeNode; headingOrder: TitleOrder }) {
  // Runs of lessons and exams, and the sub-sections between them, in course order.
  const blocks: (OutlineItem[] | Extract<OutlineItem, { type: 'section' }>)[] = [];
  for (const item of outlineItems(assemblage, node)) {
    const last = blocks[blocks.length - 1];
    if (item.type === 'section') blocks.push(item);
    else if (Array.isArray(last)) last.push(item);
    else blocks.push([item]);
  }
  return (
    <Stack gap="sm">
      {blocks.map((block) =>
        Array.isArray(block) ? (
          <Stack
            key={`run-${block[0]!.node.value_id}-${block[0]!.type}`}
            component="ul"
            gap={0}
            className={classes.list}
          >
            {block.map((item) =>
              item.type === 'lesson' ? (
                <LessonRow key={`l${item.lesson.id}`} lesson={item.lesson} classId={classId} />
              ) : item.type === 'exam' ? (
                <ExamRow key={`e${item.exam.id}`} exam={item.exam} />
              ) : null,
            )}
          </Stack>
        ) : (
          <Stack key={`s${block.section.id}`} gap={4}>
            <Title order={headingOrder} size="h5" mt="xs">
              {block.section.title}
            </Title>
            <OutlineNode
              assemblage={assemblage}
              node={block.node}
              classId={classId}
              headingOrder={Math.min(headingOrder + 1, 6) as TitleOrder}
            />
          </Stack>
        ),
      )}
    </Stack>
  );
}

function lessonHref(lesson: Lesson, classId: number | null): string | null {
  if (!isLessonNavigable(lesson)) return null;
  if (classId !== null) return urlFor('class-lesson', { classId, lessonId: lesson.id });
  if (lesson.is_demo) return urlFor('demo-lesson', { lessonId: lesson.id });
  return null;
}

function LessonRow({ lesson, classId }: { lesson: Lesson; classId: number | null }) {
  const href = lessonHref(lesson, classId);
  return (
    <li className={classes.item}>
      <Group justify="space-between" wrap="wrap" gap="xs" py={8}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" color={href ? 'teal' : 'gray'} radius="xl" size={26} aria-hidden>
            <IconPlayerPlay size={14} />
          </ThemeIcon>
          {href ? (
            <Anchor component={Link} to={href} fw={500}>
              {lesson.title}
            </Anchor>
          ) : (
            <Text fw={500}>{lesson.title}</Text>
          )}
        </Group>
        <Group gap="xs">
          {lesson.is_coming_soon && (
            <Badge variant="light" color="blue">
              Coming soon
            </Badge>
          )}
          {lesson.is_demo && classId === null && !lesson.is_coming_soon && (
            <Badge variant="light" color="teal">
              Free demo
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {formatDuration(lesson.total_duration)}
          </Text>
        </Group>
      </Group>
    </li>
  );
}

function ExamRow({ exam }: { exam: ExamSummary }) {
  return (
    <li className={classes.item}>
      <Group gap="sm" wrap="nowrap" py={8}>
        <ThemeIcon variant="light" color="indigo" radius="xl" size={26} aria-hidden>
          <IconChecklist size={14} />
        </ThemeIcon>
        <Text fw={500}>{exam.title}</Text>
        <Text size="sm" c="dimmed">
          {plural(exam.question_count, 'question')}
        </Text>
      </Group>
    </li>
  );
}
