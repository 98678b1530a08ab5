import { Alert, Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useReviewCourses } from '../api/get-caption-review-courses';

/** /content/admin/captions/review/: courses with captions waiting for review. */
export function CaptionReviewCoursesRoute() {
  useDocumentTitle('Review captions · Banksia');
  const courses = useReviewCourses();
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={urlFor('content-admin-captions')} size="sm">
          ← Captions
        </Anchor>
        <Title order={1}>Review captions</Title>
        <Text c="dimmed" mt={4}>
          Captions someone sent for review. You cannot approve captions you wrote.
        </Text>
      </div>
      {courses.isPending ? (
        <LoadingState label="Loading courses" />
      ) : courses.isError ? (
        <Alert color="red" title="The courses could not be loaded">
          {formErrorOf(courses.error)}
        </Alert>
      ) : courses.data.courses.length === 0 ? (
        <Text>Nothing is waiting for review.</Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0 }}>
          {courses.data.courses.map((c) => (
            <li key={c.course_id}>
              <Anchor component={Link} to={urlFor('content-admin-course-caption-review', { courseId: c.course_id })}>
                {c.course_title}
              </Anchor>{' '}
              <Badge color="orange" variant="light">
                {c.in_review} to review
              </Badge>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
