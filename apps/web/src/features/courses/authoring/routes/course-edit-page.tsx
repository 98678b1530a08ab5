import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { LoadingState } from '../../../../components/loading-state';
import { SaveIndicator } from '../../../../components/save-indicator';
import { urlFor } from '../../../../lib/named-routes';
import { useAdminCourse } from '../api/get-course';
import { updateCourse } from '../api/update-course';
import { AttachmentsSection } from '../components/attachments-section';
import { CourseDetailsSection } from '../components/course-details-section';
import { CourseTreeSection } from '../components/course-tree-section';
import { useCourseSend } from '../hooks/use-course-send';

/** /content/admin/courses/edit/{courseId}/: the course's details, class features, tree and attachments. */
export function CourseEditRoute() {
  const courseId = Number(useParams().courseId);
  const course = useAdminCourse(courseId);
  useDocumentTitle(course.data ? `${course.data.course.title} · Courses · Banksia` : 'Course · Banksia');
  if (course.isError && !course.data) throw course.error;
  if (!course.data) return <LoadingState label="Loading the course" />;
  return <CourseEditor key={courseId} detail={course.data} reload={() => void course.refetch()} />;
}

function CourseEditor({ detail, reload }: { detail: AdminCourseDetail; reload: () => void }) {
  const { course } = detail;
  const { send, status, problem, clearProblem, pending } = useCourseSend(course);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Anchor component={Link} to={urlFor('content-admin-courses')} size="sm">
            Courses
          </Anchor>
          <Group gap="sm" mt={4}>
            <Title order={1}>{course.title}</Title>
            <Badge color={course.is_published ? 'teal' : 'gray'} variant="light" size="lg">
              {course.is_published ? 'Published' : 'Draft'}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {course.subject}, {course.year_published} · <code>{course.slug}</code>
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Group>
            <Button variant="default" component={Link} to={urlFor('course', { courseId: course.id })}>
              View the course
            </Button>
            <Button
              color={course.is_published ? 'gray' : 'teal'}
              onClick={() =>
                send((version) => updateCourse(course.id, { version, is_published: !course.is_published }))
              }
              loading={pending && status === 'saving'}
            >
              {course.is_published ? 'Unpublish the course' : 'Publish the course'}
            </Button>
          </Group>
          <SaveIndicator status={status} />
        </Stack>
      </Group>
      {problem && (
        <Alert color={problem.conflict ? 'yellow' : 'red'} title={problem.conflict ? 'Changed elsewhere' : 'Not saved'}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{problem.message}</Text>
            {problem.conflict && (
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  clearProblem();
                  reload();
                }}
              >
                Load the latest version
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <CourseTreeSection detail={detail} send={send} busy={pending} />
      <AttachmentsSection detail={detail} send={send} />
      <CourseDetailsSection detail={detail} send={send} />
    </Stack>
  );
}
