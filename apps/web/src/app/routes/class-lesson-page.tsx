import type { ClassAssemblage, Lesson, UserCourseProgress } from '@banksia/contracts/courses';
import { FailureReason } from '@banksia/contracts/errors';
import { canTakeNotes, showsLessonQuestions } from '@banksia/contracts/rules/features';
import { isExamListed, isListed } from '@banksia/contracts/rules/listing';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import {
  AttachmentList,
  lessonAccess,
  lessonAttachments,
  lessonsUnder,
  looseLessons,
  topicOfLesson,
  topicsOf,
  useChunkProgressUpdates,
  useSetSelfRating,
  useUserCourseProgress,
} from '../../features/courses/catalogue/index';
import { ChunkPlayer } from '../../features/courses/lessons/index';
import { urlFor } from '../../lib/named-routes';
import { LessonUnavailable } from '../components/lesson-unavailable';
import { LoadableView } from '../components/loadable-view';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { PlayerSkeleton } from '../components/skeletons';
import { idParam } from '../route-params';
import { useClassContext, type ClassContext } from '../layouts/class-context';
import { FailurePage } from '../pages/failure-page';
import { useLoadable } from '../use-loadable';

/** The lesson of the route, if the class's course lists it. */
function useRouteLesson(context: ClassContext): Lesson | null {
  const lessonId = idParam(useParams().lessonId);
  const lesson = lessonId === null ? undefined : context.assemblage.lessons[String(lessonId)];
  return lesson && isListed(lesson, context.listing) ? lesson : null;
}

/** /class/{classId}/lesson/{lessonId}/: opens the lesson at its first part, or says why it cannot be opened. */
export function ClassLessonRoute() {
  const context = useClassContext();
  const lesson = useRouteLesson(context);
  if (!lesson) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  const { assemblage, classId } = context;
  const access = lessonAccess(lesson, assemblage.course, assemblage.class.features);
  if (access !== 'open') {
    return <LessonUnavailable lesson={lesson} access={access} back={backToLessons(classId)} />;
  }
  const first = Math.min(...lesson.chunks.map((c) => c.index));
  return <Navigate to={urlFor('class-lesson-chunk', { classId, lessonId: lesson.id, index: first })} replace />;
}

function backToLessons(classId: number) {
  return { href: urlFor('class-lessons', { classId }), label: 'Back to the lessons' };
}

/** /class/{classId}/lesson/{lessonId}/{index}/: the chunk player, in a class. */
export function ClassLessonChunkRoute() {
  const context = useClassContext();
  const lesson = useRouteLesson(context);
  const index = idParam(useParams().index);
  const { assemblage, classId } = context;
  if (!lesson || index === null || !lesson.chunks.some((c) => c.index === index)) {
    return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  }
  const access = lessonAccess(lesson, assemblage.course, assemblage.class.features);
  if (access !== 'open') return <LessonUnavailable lesson={lesson} access={access} back={backToLessons(classId)} />;
  return context.role === 'student' ? (
    <StudentPlayer context={context} lesson={lesson} index={index} />
  ) : (
    <ClassPlayer context={context} lesson={lesson} index={index} progress={null} />
  );
}

/** A student's player: their progress gives the ticks and the rating, and the player keeps it up to date. */
function StudentPlayer({ context, lesson, index }: { context: ClassContext; lesson: Lesson; index: number }) {
  const progress = useLoadable(useUserCourseProgress(context.classId, context.me.user.id));
  return (
    <LoadableView loadable={progress} skeleton={<PlayerSkeleton />}>
      {(data) => <ClassPlayer context={context} lesson={lesson} index={index} progress={data} />}
    </LoadableView>
  );
}

function ClassPlayer({
  context,
  lesson,
  index,
  progress,
}: {
  context: ClassContext;
  lesson: Lesson;
  index: number;
  progress: UserCourseProgress | null;
}) {
  const { assemblage, classId, me, profileId } = context;
  const { course } = assemblage;
  const features = assemblage.class.features;
  const student = progress !== null;
  const updates = useChunkProgressUpdates(classId, me.user.id, lesson.id);
  const setRating = useSetSelfRating(classId, me.user.id);
  const entry = progress?.lessons[String(lesson.id)];
  const visited = useMemo(() => new Set(entry?.visited_chunk_ids ?? []), [entry]);
  const watched = useMemo(() => new Set(entry?.watched_chunk_ids ?? []), [entry]);
  const topic = topicOfLesson(assemblage, lesson.id);
  const attachments = lessonAttachments(assemblage, lesson.id);
  const questionSet =
    lesson.question_set && isExamListed(lesson.question_set, context.listing) && showsLessonQuestions(course, features)
      ? {
          href: urlFor('class-question-set', { classId, examId: lesson.question_set.id }),
          title: lesson.question_set.title,
        }
      : null;
  const notesHref =
    student && profileId !== null && canTakeNotes(course, features)
      ? urlFor('class-lesson-notes', { classId, lessonId: lesson.id, profileId })
      : null;

  return (
    <ChunkPlayer
      key={lesson.id}
      lesson={lesson}
      index={index}
      classId={classId}
      hrefFor={(i) => urlFor('class-lesson-chunk', { classId, lessonId: lesson.id, index: i })}
      finish={finishOf(assemblage, context, lesson)}
      breadcrumbs={
        <PageBreadcrumbs
          items={[
            { label: course.title, href: urlFor('class-course', { classId }) },
            ...(topic
              ? [{ label: topic.title, href: urlFor('class-course-topic', { classId, topicId: topic.id }) }]
              : []),
          ]}
        />
      }
      visitedChunkIds={visited}
      watchedChunkIds={watched}
      onVisitRecorded={student ? updates.onVisitRecorded : undefined}
      onWatched={student ? updates.onWatched : undefined}
      rating={
        student
          ? {
              value: entry?.self_rating ?? null,
              onChange: (rating) => setRating.mutate({ lessonId: lesson.id, rating }),
            }
          : null
      }
      notesHref={notesHref}
      questionSet={questionSet}
      activities={lesson.activities.map((a) => ({
        href: urlFor('class-lesson-activity', { classId, lessonId: lesson.id, activityId: a.id }),
        title: a.title,
      }))}
      attachments={
        attachments.length > 0 ? (
          <AttachmentList attachments={attachments} course={course} classFeatures={features} compact />
        ) : undefined
      }
    />
  );
}

/** After the last part: the next lesson that can be opened, in course order, else back to the course. */
function finishOf(assemblage: ClassAssemblage, context: ClassContext, lesson: Lesson) {
  const ordered = [
    ...looseLessons(assemblage, context.listing),
    ...topicsOf(assemblage, context.listing).flatMap((t) => lessonsUnder(assemblage, t.node, context.listing)),
  ];
  const position = ordered.findIndex((l) => l.id === lesson.id);
  const next = ordered
    .slice(position + 1)
    .find((l) => lessonAccess(l, assemblage.course, assemblage.class.features) === 'open');
  return next
    ? { href: urlFor('class-lesson', { classId: context.classId, lessonId: next.id }), label: 'Next lesson' }
    : { href: urlFor('class-course', { classId: context.classId }), label: 'Back to the course' };
}
