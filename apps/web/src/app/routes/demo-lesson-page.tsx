import type { DemoLesson } from '@banksia/contracts/courses';
import { FailureReason } from '@banksia/contracts/errors';
import { isExamListed, isLessonNavigable } from '@banksia/contracts/rules/listing';
import { Badge, Group, Text } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useMe } from '../../features/accounts/index';
import { AttachmentList } from '../../features/courses/catalogue/index';
import { ChunkPlayer, DemoModeProvider, useDemoLesson } from '../../features/courses/lessons/index';
import { urlFor } from '../../lib/named-routes';
import { LessonUnavailable } from '../components/lesson-unavailable';
import { LoadableView } from '../components/loadable-view';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { PlayerSkeleton } from '../components/skeletons';
import { idParam } from '../route-params';
import { FailurePage } from '../pages/failure-page';
import { useLoadable } from '../use-loadable';

/**
 * A demo has no class, so no class plan to check premium files against: they are gated as for the standard plan, the
 * smallest one.
 */
const DEMO_FEATURES = 'STANDARD';

/** /demo/lesson/{lessonId}/ and /demo/lesson/{lessonId}/{index}/: a demo lesson, open to everyone, nothing saved. */
export function DemoLessonRoute() {
  const params = useParams();
  const lessonId = idParam(params.lessonId);
  const index = params.index === undefined ? null : idParam(params.index);
  if (lessonId === null || (params.index !== undefined && index === null)) {
    return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  }
  return <DemoLessonPage lessonId={lessonId} index={index} />;
}

function DemoLessonPage({ lessonId, index }: { lessonId: number; index: number | null }) {
  const demo = useLoadable(useDemoLesson(lessonId));
  return (
    <LoadableView loadable={demo} skeleton={<PlayerSkeleton label="Loading the demo lesson" />}>
      {(data) => <DemoPlayer data={data} index={index} />}
    </LoadableView>
  );
}

function DemoPlayer({ data, index }: { data: DemoLesson; index: number | null }) {
  const { data: me } = useMe();
  const { lesson, course, attachments } = data;
  const signedIn = !!me;
  const back = signedIn
    ? { href: urlFor('library-access', { courseId: course.id }), label: `About ${course.title}` }
    : { href: '/account/', label: 'Sign in to Banksia' };

  if (!isLessonNavigable(lesson)) {
    return <LessonUnavailable lesson={lesson} access={lesson.is_coming_soon ? 'coming-soon' : 'empty'} back={back} />;
  }
  if (index === null) {
    const first = Math.min(...lesson.chunks.map((c) => c.index));
    return <Navigate to={urlFor('demo-lesson-chunk', { lessonId: lesson.id, index: first })} replace />;
  }
  if (!lesson.chunks.some((c) => c.index === index)) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;

  return (
    <DemoModeProvider>
      <ChunkPlayer
        lesson={lesson}
        index={index}
        classId={null}
        hrefFor={(i) => urlFor('demo-lesson-chunk', { lessonId: lesson.id, index: i })}
        finish={{ href: back.href, label: 'Finish the demo' }}
        breadcrumbs={
          signedIn ? (
            <PageBreadcrumbs
              items={[
                { label: 'Library', href: urlFor('library') },
                { label: course.title, href: urlFor('library-access', { courseId: course.id }) },
              ]}
            />
          ) : (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {course.title}
              </Text>
              <Badge size="sm" variant="light">
                Free demo
              </Badge>
            </Group>
          )
        }
        questionSet={
          lesson.question_set && isExamListed(lesson.question_set)
            ? {
                href: urlFor('demo-question-set', { examId: lesson.question_set.id }),
                title: lesson.question_set.title,
              }
            : null
        }
        attachments={
          attachments.length > 0 ? (
            <AttachmentList attachments={attachments} course={course} classFeatures={DEMO_FEATURES} compact />
          ) : undefined
        }
      />
    </DemoModeProvider>
  );
}
