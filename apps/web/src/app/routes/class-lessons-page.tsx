import { LessonIndex, useUserCourseProgress } from '../../features/courses/catalogue/index';
import { LoadableView } from '../components/loadable-view';
import { PageHeader } from '../components/page-header';
import { CardsSkeleton } from '../components/skeletons';
import { useClassContext } from '../layouts/class-context';
import { useLoadable } from '../use-loadable';

/** /class/{classId}/lesson/: every lesson of the class's course, by topic. */
export function ClassLessonsRoute() {
  const { assemblage, classId, listing, role, me } = useClassContext();
  const student = role === 'student';
  const progress = useLoadable(useUserCourseProgress(classId, me.user.id, { enabled: student }));
  const header = (
    <PageHeader
      title="Lessons"
      documentTitle={`Lessons · ${assemblage.class.title}`}
      description={`All the lessons of ${assemblage.course.title}, topic by topic.`}
    />
  );
  if (!student) {
    return (
      <>
        {header}
        <LessonIndex assemblage={assemblage} listing={listing} progress={null} />
      </>
    );
  }
  return (
    <>
      {header}
      <LoadableView loadable={progress} skeleton={<CardsSkeleton label="Loading your progress" />}>
        {(data) => <LessonIndex assemblage={assemblage} listing={listing} progress={data} />}
      </LoadableView>
    </>
  );
}
