import type { ClassAssemblage, ClassCourseProgress, UserCourseProgress } from '@banksia/contracts/courses';
import type { ListingOptions } from '@banksia/contracts/rules/listing';
import { Anchor, Box, Card, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBooks, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import grids from '../../../../components/grids.module.css';
import { urlFor } from '../../../../lib/named-routes';
import { childItems, lessonsUnder, looseLessons, topicsOf, type Topic } from '../utils/class-tree';
import { formatAverage, plural } from '../utils/format';
import { openableLessons } from '../utils/lesson-access';
import { chunksVisited } from '../utils/lesson-progress';
import { ExamList } from './exam-list';
import { ExamTeacherActions, TeacherLessonTable } from './teacher-only';
import { LessonList } from './lesson-list';
import { ProgressMeter } from './progress-meter';
import { CourseWideItems } from './topic-contents';

interface OverviewProps {
  assemblage: ClassAssemblage;
  listing: ListingOptions;
}

/** The class's course for a student: their progress overall and per topic, and each topic's lessons. */
export function StudentCourseOverview({
  assemblage,
  listing,
  progress,
}: OverviewProps & { progress: UserCourseProgress }) {
  const topics = topicsOf(assemblage, listing);
  const allLessons = [
    ...looseLessons(assemblage, listing),
    ...topics.flatMap((t) => lessonsUnder(assemblage, t.node, listing)),
  ];
  const overall = chunksVisited(openableLessons(assemblage, allLessons), progress);
  const classId = assemblage.class.id;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="your-progress-heading">
        <Title order={2} size="h4" id="your-progress-heading" mb="sm">
          Your progress
        </Title>
        <div className={grids.pair}>
          <ProgressMeter
            label="Lesson parts opened"
            value={overall.visited}
            total={overall.total}
            detail={`${overall.visited} of ${overall.total}`}
          />
          <ProgressMeter
            label="Videos watched"
            value={progress.videos_watched}
            total={progress.video_count}
            detail={`${progress.videos_watched} of ${progress.video_count}`}
          />
        </div>
      </Paper>
      {topics.length === 0 ? (
        <NoTopics />
      ) : (
        topics.map((topic) => {
          const lessons = lessonsUnder(assemblage, topic.node, listing);
          const topicProgress = chunksVisited(openableLessons(assemblage, lessons), progress);
          return (
            <TopicCard key={topic.section.id} topic={topic} classId={classId}>
              <Box maw={420} mb="xs">
                <ProgressMeter
                  size="sm"
                  label={`Parts opened in ${topic.section.title}`}
                  value={topicProgress.visited}
                  total={topicProgress.total}
                  detail={`${topicProgress.visited} of ${topicProgress.total}`}
                />
              </Box>
              <LessonList
                lessons={lessons}
                course={assemblage.course}
                classId={classId}
                classFeatures={assemblage.class.features}
                progress={progress}
                aria-label={`Lessons in ${topic.section.title}`}
              />
              <TopicExams assemblage={assemblage} topic={topic} listing={listing} />
            </TopicCard>
          );
        })
      )}
      <CourseWideItems assemblage={assemblage} listing={listing} progress={progress} classProgress={null} />
    </Stack>
  );
}

/** The class's course for its teacher: the class's progress overall and lesson by lesson within each topic. */
export function TeacherCourseOverview({
  assemblage,
  listing,
  classProgress,
}: OverviewProps & { classProgress: ClassCourseProgress }) {
  const topics = topicsOf(assemblage, listing);
  const classId = assemblage.class.id;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="class-progress-heading">
        <Group justify="space-between" align="baseline" mb="sm">
          <Title order={2} size="h4" id="class-progress-heading">
            Class progress
          </Title>
          <Anchor component={Link} to={urlFor('class-review-topics', { classId })} size="sm">
            Topics to revisit
          </Anchor>
        </Group>
        <div className={grids.pair}>
          <Group gap="sm" wrap="nowrap">
            <IconUsers size={28} color="var(--mantine-color-teal-8)" aria-hidden />
            <div>
              <Text fw={700} size="xl" lh={1.1}>
                {classProgress.student_count}
              </Text>
              <Text size="sm" c="dimmed">
                {classProgress.student_count === 1 ? 'student' : 'students'} on the roster
              </Text>
            </div>
          </Group>
          <ProgressMeter
            label="Lesson parts opened, average per student"
            value={classProgress.chunk_visit_count_avg}
            total={classProgress.chunk_count_total}
            detail={`${formatAverage(classProgress.chunk_visit_count_avg)} of ${classProgress.chunk_count_total}`}
          />
        </div>
      </Paper>
      {topics.length === 0 ? (
        <NoTopics />
      ) : (
        topics.map((topic) => (
          <TopicCard key={topic.section.id} topic={topic} classId={classId} teacher>
            <TeacherLessonTable
              lessons={lessonsUnder(assemblage, topic.node, listing)}
              course={assemblage.course}
              classId={classId}
              classFeatures={assemblage.class.features}
              classProgress={classProgress}
              caption={`Lessons in ${topic.section.title}`}
              topicId={topic.section.id}
            />
            <TopicExams assemblage={assemblage} topic={topic} listing={listing} classProgress={classProgress} />
          </TopicCard>
        ))
      )}
      <CourseWideItems assemblage={assemblage} listing={listing} progress={null} classProgress={classProgress} />
    </Stack>
  );
}

function TopicCard({
  topic,
  classId,
  teacher = false,
  children,
}: {
  topic: Topic;
  classId: number;
  teacher?: boolean;
  children: ReactNode;
}) {
  const headingId = `topic-${topic.section.id}-heading`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        <Anchor
          component={Link}
          to={urlFor('class-course-topic', { classId, topicId: topic.section.id })}
          inherit
          c="inherit"
          underline="hover"
        >
          {topic.section.title}
        </Anchor>
      </Title>
      {teacher && (
        <Anchor component={Link} to={urlFor('class-progress-topic', { classId, topicId: topic.section.id })} size="sm">
          Progress grid of {topic.section.title}
        </Anchor>
      )}
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

function TopicExams({
  assemblage,
  topic,
  listing,
  classProgress,
}: OverviewProps & { topic: Topic; classProgress?: ClassCourseProgress }) {
  const exams = childItems(assemblage, topic.node, listing).flatMap((item) =>
    item.type === 'exam' ? [item.exam] : [],
  );
  if (exams.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600} mt="xs">
        {plural(exams.length, 'exam or question set', 'exams and question sets')}
      </Text>
      <ExamList
        exams={exams}
        classId={assemblage.class.id}
        action={
          classProgress
            ? (exam) => (
                <ExamTeacherActions
                  classId={assemblage.class.id}
                  exam={exam}
                  classProgress={classProgress}
                  topicId={topic.section.id}
                />
              )
            : undefined
        }
      />
    </div>
  );
}

function NoTopics() {
  return (
    <EmptyState
      icon={<IconBooks size={28} aria-hidden />}
      title="No topics yet"
      description="This course has no published topics yet. Check back soon."
    />
  );
}
