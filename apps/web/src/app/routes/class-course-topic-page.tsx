import { FailureReason } from '@banksia/contracts/errors';
import { isListed } from '@banksia/contracts/rules/listing';
import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import {
  chunksVisited,
  findNode,
  lessonsUnder,
  openableLessons,
  ProgressMeter,
  TopicContents,
  useClassCourseProgress,
  useUserCourseProgress,
} from '../../features/courses/catalogue/index';
import { urlFor } from '../../lib/named-routes';
import { LoadableView } from '../components/loadable-view';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { PageHeader } from '../components/page-header';
import { CardsSkeleton } from '../components/skeletons';
import { idParam } from '../route-params';
import { useClassContext } from '../layouts/class-context';
import { FailurePage } from '../pages/failure-page';
import { useLoadable } from '../use-loadable';

/** /class/{classId}/course/{topicId}/: one topic with its lessons, sub-sections, exams and files. */
export function ClassCourseTopicRoute() {
  const context = useClassContext();
  const { assemblage, classId, listing, role, me } = context;
  const topicId = idParam(useParams().topicId);
  const found = topicId === null ? null : findNode(assemblage.tree, 'SECTION', topicId);
  const section = topicId === null ? undefined : assemblage.sections[String(topicId)];
  const student = role === 'student';
  const progress = useLoadable(useUserCourseProgress(classId, me.user.id, { enabled: student && !!section }));
  const classProgress = useLoadable(useClassCourseProgress(classId, { enabled: !student && !!section }));

  if (!found || !section || !isListed(section, listing)) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;

  const header = (
    <PageHeader
      title={section.title}
      documentTitle={`${section.title} · ${assemblage.class.title}`}
      above={
        <PageBreadcrumbs items={[{ label: assemblage.course.title, href: urlFor('class-course', { classId }) }]} />
      }
    />
  );
  const contents = (
    p: Parameters<typeof TopicContents>[0]['progress'],
    cp: Parameters<typeof TopicContents>[0]['classProgress'],
  ) => (
    <TopicContents
      assemblage={assemblage}
      node={found.node}
      title={section.title}
      listing={listing}
      progress={p}
      classProgress={cp}
    />
  );

  if (!student) {
    return (
      <>
        {header}
        <LoadableView
          loadable={classProgress}
          skeleton={<CardsSkeleton label="Loading the class's progress" cards={1} />}
        >
          {(data) => (
            // The teacher's lesson table and exam actions load apart (teacher-only.tsx); the skeleton stays till then.
            <Suspense fallback={<CardsSkeleton label="Loading the class's progress" cards={1} />}>
              {contents(null, data)}
            </Suspense>
          )}
        </LoadableView>
      </>
    );
  }
  return (
    <>
      {header}
      <LoadableView loadable={progress} skeleton={<CardsSkeleton label="Loading your progress" cards={1} />}>
        {(data) => {
          const { visited, total } = chunksVisited(
            openableLessons(assemblage, lessonsUnder(assemblage, found.node, listing)),
            data,
          );
          return (
            <>
              <Box maw={480}>
                <ProgressMeter
                  label="Lesson parts opened in this topic"
                  value={visited}
                  total={total}
                  detail={`${visited} of ${total}`}
                />
              </Box>
              {contents(data, null)}
            </>
          );
        }}
      </LoadableView>
    </>
  );
}
