import { Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import {
  StudentCourseOverview,
  TeacherCourseOverview,
  useClassCourseProgress,
  useUserCourseProgress,
} from '../../features/courses/catalogue/index';
import { LoadableView } from '../components/loadable-view';
import { PageHeader } from '../components/page-header';
import { CardsSkeleton } from '../components/skeletons';
import { useClassContext, type ClassContext } from '../layouts/class-context';
import { useLoadable } from '../use-loadable';

/** /class/{classId}/course/: the class's course by topic, with the student's or the class's progress. */
export function ClassCourseRoute() {
  const context = useClassContext();
  const { assemblage } = context;
  return (
    <>
      <PageHeader
        title={assemblage.course.title}
        documentTitle={`${assemblage.course.title} · ${assemblage.class.title}`}
        description={
          context.role === 'student'
            ? 'Your progress through the course, topic by topic.'
            : `How ${assemblage.class.title} is going, lesson by lesson.`
        }
      />
      {context.role === 'student' ? <StudentView context={context} /> : <TeacherView context={context} />}
    </>
  );
}

function StudentView({ context }: { context: ClassContext }) {
  const progress = useLoadable(useUserCourseProgress(context.classId, context.me.user.id));
  return (
    <LoadableView loadable={progress} skeleton={<CardsSkeleton label="Loading your progress" />}>
      {(data) => <StudentCourseOverview assemblage={context.assemblage} listing={context.listing} progress={data} />}
    </LoadableView>
  );
}

function TeacherView({ context }: { context: ClassContext }) {
  const classProgress = useLoadable(useClassCourseProgress(context.classId));
  return (
    <LoadableView loadable={classProgress} skeleton={<CardsSkeleton label="Loading the class's progress" />}>
      {(data) => (
        <>
          {data.student_count === 0 && (
            <Group>
              <Text c="dimmed">No students are enrolled yet, so there is no progress to show.</Text>
            </Group>
          )}
          {/* The teacher's lesson tables and exam actions load apart (teacher-only.tsx); the skeleton stays till then. */}
          <Suspense fallback={<CardsSkeleton label="Loading the class's progress" />}>
            <TeacherCourseOverview assemblage={context.assemblage} listing={context.listing} classProgress={data} />
          </Suspense>
        </>
      )}
    </LoadableView>
  );
}
