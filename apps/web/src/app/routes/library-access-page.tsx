import { FailureReason } from '@banksia/contracts/errors';
import { Button } from '@mantine/core';
import { IconListTree } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useMe } from '../../features/accounts/index';
import { CourseAccess, usePresitreeAssemblage } from '../../features/courses/catalogue/index';
import { urlFor } from '../../lib/named-routes';
import { LoadableView } from '../components/loadable-view';
import { PageBreadcrumbs } from '../components/page-breadcrumbs';
import { Page } from '../components/page';
import { PageHeader } from '../components/page-header';
import { CardsSkeleton } from '../components/skeletons';
import { idParam } from '../route-params';
import { FailurePage } from '../pages/failure-page';
import { useLoadable } from '../use-loadable';

/** /library/access/{courseId}/: how to get into a course, and its demo lessons. */
export function LibraryAccessRoute() {
  const courseId = idParam(useParams().courseId);
  if (courseId === null) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  return <LibraryAccessPage courseId={courseId} />;
}

function LibraryAccessPage({ courseId }: { courseId: number }) {
  const { data: me } = useMe();
  const assemblage = useLoadable(usePresitreeAssemblage(courseId));
  const classes = me?.classes.filter((c) => c.course_id === courseId) ?? [];
  const isTeacher = !!me && (me.roles.includes('teacher') || me.profiles.some((p) => p.kind === 'teacher'));
  return (
    <LoadableView loadable={assemblage} skeleton={<CardsSkeleton label="Loading the course" cards={2} />}>
      {(data) => (
        <Page>
          <PageHeader
            title={data.course.title}
            documentTitle={`Getting into ${data.course.title}`}
            description="How to get into this course, and lessons you can try now."
            above={<PageBreadcrumbs items={[{ label: 'Library', href: urlFor('library') }]} />}
            actions={
              <Button
                component={Link}
                to={urlFor('course', { courseId })}
                variant="default"
                leftSection={<IconListTree size={16} aria-hidden />}
              >
                Course outline
              </Button>
            }
          />
          <CourseAccess assemblage={data} classes={classes} isTeacher={isTeacher} />
        </Page>
      )}
    </LoadableView>
  );
}
