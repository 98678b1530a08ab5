import { Button } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MyCourseList, useMyCourses } from '../../features/courses/catalogue/index';
import { urlFor } from '../../lib/named-routes';
import { LoadableView } from '../components/loadable-view';
import { Page } from '../components/page';
import { PageHeader } from '../components/page-header';
import { GridSkeleton } from '../components/skeletons';
import { useLoadable } from '../use-loadable';

/** /courses/: the user's courses, each opening in the classes they have it through. */
export function CoursesRoute() {
  const courses = useLoadable(useMyCourses());
  return (
    <Page>
      <PageHeader
        title="Your courses"
        description="The courses of your classes. Open one in a class to see its topics and lessons."
        actions={
          <Button
            component={Link}
            to={urlFor('library')}
            variant="default"
            leftSection={<IconBooks size={16} aria-hidden />}
          >
            Browse the library
          </Button>
        }
      />
      <LoadableView loadable={courses} skeleton={<GridSkeleton label="Loading your courses" count={4} />}>
        {(data) => <MyCourseList courses={data} />}
      </LoadableView>
    </Page>
  );
}
