import { captionStates } from '@banksia/contracts/videos';
import { Alert, Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useCaptionCourses } from '../api/get-caption-courses';
import { CAPTION_STATE_LABELS } from '../components/caption-state';

/** /content/admin/captions/: every course that plays videos, with its videos counted by caption state. */
export function CaptionCoursesRoute() {
  useDocumentTitle('Captions · Banksia');
  const courses = useCaptionCourses();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Captions</Title>
        <Text c="dimmed" mt={4}>
          Courses and the caption state of their videos. Students see only captions a second person has approved:{' '}
          <Anchor component={Link} to={urlFor('content-admin-caption-review')}>
            review captions
          </Anchor>
          .
        </Text>
      </div>
      {courses.isPending ? (
        <LoadingState label="Loading courses" />
      ) : courses.isError ? (
        <Alert color="red" title="The courses could not be loaded">
          {formErrorOf(courses.error)}
        </Alert>
      ) : courses.data.courses.length === 0 ? (
        <Text>No course plays a video yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Course</Table.Th>
                <Table.Th>Videos</Table.Th>
                {captionStates.map((s) => (
                  <Table.Th key={s}>{CAPTION_STATE_LABELS[s].label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {courses.data.courses.map((c) => (
                <Table.Tr key={c.course_id}>
                  <Table.Td>
                    <Anchor component={Link} to={urlFor('content-admin-course-captions', { courseId: c.course_id })}>
                      {c.course_title}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      ({c.year_published})
                    </Text>
                  </Table.Td>
                  <Table.Td>{c.video_count}</Table.Td>
                  {captionStates.map((s) => (
                    <Table.Td key={s}>{c.counts[s] || ''}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
