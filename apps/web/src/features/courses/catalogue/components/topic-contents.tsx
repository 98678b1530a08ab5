import type {
  ClassAssemblage,
  ClassCourseProgress,
  ClassTreeNode,
  UserCourseProgress,
} from '@banksia/contracts/courses';
import type { ListingOptions } from '@banksia/contracts/rules/listing';
import { Card, EmptyState, Paper, Stack, Title, type TitleOrder } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { childItems, type ClassItem } from '../utils/class-tree';
import { AttachmentList } from './attachment-list';
import { ExamList } from './exam-list';
import { ExamTeacherActions, TeacherLessonTable } from './teacher-only';
import { LessonList } from './lesson-list';

interface TopicContentsProps {
  assemblage: ClassAssemblage;
  node: ClassTreeNode;
  title: string;
  listing: ListingOptions;
  /** A student's own progress; null for teachers. */
  progress: UserCourseProgress | null;
  /** The class's progress, for teachers; null for students. */
  classProgress: ClassCourseProgress | null;
  /** The heading level of this node's sub-section titles. */
  headingOrder?: TitleOrder;
}

type Block = { kind: 'items'; items: ClassItem[] } | { kind: 'section'; item: Extract<ClassItem, { type: 'section' }> };

/** Runs of lessons, exams and files, and the sub-sections between them, in course order. */
function blocksOf(items: readonly ClassItem[]): Block[] {
  const blocks: Block[] = [];
  for (const item of items) {
    const last = blocks[blocks.length - 1];
    if (item.type === 'section') blocks.push({ kind: 'section', item });
    else if (last?.kind === 'items') last.items.push(item);
    else blocks.push({ kind: 'items', items: [item] });
  }
  return blocks;
}

/** Everything in a topic or sub-section in course order: lessons, exams and files, and each sub-section the same way. */
export function TopicContents(props: TopicContentsProps) {
  const { assemblage, node, listing, headingOrder = 2 } = props;
  const items = childItems(assemblage, node, listing);
  const subOrder = Math.min(headingOrder + 1, 6) as TitleOrder;

  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconBooks size={28} aria-hidden />}
        title="Nothing here yet"
        description="There are no published lessons or exams here yet."
      />
    );
  }

  return (
    <Stack gap="lg">
      {blocksOf(items).map((block) =>
        block.kind === 'section' ? (
          <Stack
            key={block.item.node.id}
            gap="sm"
            component="section"
            aria-labelledby={`section-${block.item.section.id}-heading`}
          >
            <Title order={headingOrder} size="h3" id={`section-${block.item.section.id}-heading`}>
              {block.item.section.title}
            </Title>
            <TopicContents {...props} node={block.item.node} title={block.item.section.title} headingOrder={subOrder} />
          </Stack>
        ) : (
          <ItemRun key={block.items[0]!.node.id} {...props} items={block.items} />
        ),
      )}
    </Stack>
  );
}

/** A run of lessons, exams and files between sub-sections. */
function ItemRun({
  assemblage,
  node,
  title,
  progress,
  classProgress,
  items,
}: TopicContentsProps & { items: ClassItem[] }) {
  // Insights pages name the topic; items directly under the course have none.
  const topicId = node.node_type === 'SECTION' ? node.value_id : undefined;
  const pick = <T extends ClassItem['type']>(type: T) =>
    items.filter((item): item is Extract<ClassItem, { type: T }> => item.type === type);
  const lessonItems = pick('lesson');
  const lessons = lessonItems.map((item) => item.lesson);
  const exams = pick('exam').map((item) => item.exam);
  // A lesson's worksheets belong to the topic's files too; the player shows them beside the lesson as well.
  const attachments = [
    ...lessonItems.flatMap((item) =>
      item.node.children.flatMap((child) => {
        const attachment =
          child.node_type === 'ATTACHMENT' ? assemblage.attachments[String(child.value_id)] : undefined;
        return attachment ? [attachment] : [];
      }),
    ),
    ...pick('attachment').map((item) => item.attachment),
  ];
  const classId = assemblage.class.id;
  const features = assemblage.class.features;

  return (
    <Stack gap="sm">
      {lessons.length > 0 &&
        (classProgress ? (
          <TeacherLessonTable
            lessons={lessons}
            course={assemblage.course}
            classId={classId}
            classFeatures={features}
            classProgress={classProgress}
            caption={`Lessons in ${title}`}
            topicId={topicId}
          />
        ) : (
          <Paper withBorder px="md" py={4}>
            <LessonList
              lessons={lessons}
              course={assemblage.course}
              classId={classId}
              classFeatures={features}
              progress={progress}
              aria-label={`Lessons in ${title}`}
            />
          </Paper>
        ))}
      {(exams.length > 0 || attachments.length > 0) && (
        <Paper withBorder px="md" py={4}>
          <ExamList
            exams={exams}
            classId={classId}
            action={
              classProgress
                ? (exam) => (
                    <ExamTeacherActions classId={classId} exam={exam} classProgress={classProgress} topicId={topicId} />
                  )
                : undefined
            }
          />
          <AttachmentList attachments={attachments} course={assemblage.course} classFeatures={features} />
        </Paper>
      )}
    </Stack>
  );
}

/** Lessons, exams and files placed on the course itself rather than in a topic, such as a yearly exam. */
export function CourseWideItems(props: Omit<TopicContentsProps, 'node' | 'title'>) {
  const { assemblage, listing } = props;
  const items = childItems(assemblage, assemblage.tree, listing).filter((item) => item.type !== 'section');
  if (items.length === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="course-wide-heading">
      <Title order={2} size="h3" id="course-wide-heading" mb="xs">
        For the whole course
      </Title>
      <ItemRun {...props} node={assemblage.tree} title="the whole course" items={items} />
    </Card>
  );
}
