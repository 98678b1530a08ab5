import type { ClassSummary } from '@banksia/contracts/classes';
import { FailureReason } from '@banksia/contracts/errors';
import { Button } from '@mantine/core';
import { IconArrowRight, IconKey } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useMe } from '../../features/accounts/index';
import { CourseOutline, usePresitreeAssemblage } from '../../features/courses/catalogue/index';
import { urlFor } from '../../lib/named-routes';
import { LoadableView } from '../components/loadable-view';
import { Page } from '../components/page';
import { PageHeader } from '../components/page-header';
import { CardsSkeleton } from '../components/skeletons';
import { idParam } from '../route-params';
import { FailurePage } from '../pages/failure-page';
import { useLoadable } from '../use-loadable';

/** The class a course's links open in: this year's class first, else the most recent. */
function preferredClass(classes: readonly ClassSummary[]): ClassSummary | null {
  const thisYear = new Date().getFullYear();
  const sorted = [...classes].sort(
    (a, b) =>
      Number(b.calendar_year === thisYear) - Number(a.calendar_year === thisYear) || b.calendar_year - a.calendar_year,
  );
  return sorted[0] ?? null;
}

/** /course/{courseId}/ (named route 'course'): the course outline, linked into the user's class when they have one. */
export function CourseRoute() {
  const courseId = idParam(useParams().courseId);
  if (courseId === null) return <FailurePage reason={FailureReason.NOT_FOUND_ERROR} />;
  return <CoursePage courseId={courseId} />;
}

function CoursePage({ courseId }: { courseId: number }) {
  const { data: me } = useMe();
  const assemblage = useLoadable(usePresitreeAssemblage(courseId));
  const classes = me?.classes.filter((c) => c.course_id === courseId) ?? [];
  const primary = preferredClass(classes);

  return (
    <LoadableView loadable={assemblage} skeleton={<CardsSkeleton label="Loading the course" />}>
      {({ course, ...rest }) => (
        <Page>
          <PageHeader
            title={course.title}
            description={[
              course.default_year_level && `Year ${course.default_year_level}`,
              course.curriculum,
              `Published ${course.year_published}`,
            ]
              .filter(Boolean)
              .join(' · ')}
            actions={
              classes.length > 0 ? (
                classes.map((c) => (
                  <Button
                    key={c.id}
                    component={Link}
                    to={urlFor('class-course', { classId: c.id })}
                    variant={c.id === primary?.id ? 'filled' : 'light'}
                    rightSection={<IconArrowRight size={16} aria-hidden />}
                  >
                    Open in {c.title}
                  </Button>
                ))
              ) : (
                <Button
                  component={Link}
                  to={urlFor('library-access', { courseId })}
                  variant="light"
                  leftSection={<IconKey size={16} aria-hidden />}
                >
                  How to get access
                </Button>
              )
            }
          />
          <CourseOutline assemblage={{ course, ...rest }} classId={primary?.id ?? null} />
        </Page>
      )}
    </LoadableView>
  );
}
