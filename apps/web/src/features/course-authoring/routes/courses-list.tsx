import type { AdminCoursesQuery } from '@banksia/contracts/authoring-courses';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useAdminCourses } from '../api/get-courses';

/** /content/admin/courses/edit/: find a course by title or slug, filtered by year, subject and publishing. */
export function CoursesListRoute() {
  useDocumentTitle('Courses · Banksia');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const year = params.get('year') ?? '';
  const subject = params.get('subject') ?? '';
  const published = params.get('published') ?? '';
  const query: AdminCoursesQuery = {
    ...(q && { q }),
    ...(year && { year: Number(year) }),
    ...(subject && { subject }),
    ...((published === 'yes' || published === 'no') && { published }),
  };
  const courses = useAdminCourses(query);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  // The search lives in the address, so the list survives going back from a course.
  useEffect(() => {
    if ((params.get('q') ?? '') === q) return;
    const next = new URLSearchParams(params);
    if (q) next.set('q', q);
    else next.delete('q');
    setParams(next, { replace: true });
  }, [q, params, setParams]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Courses</Title>
          <Text c="dimmed" mt={4}>
            Open a course to edit its details, its tree of topics, lessons and exams, and its attachments.
          </Text>
        </div>
        <Button
          component={Link}
          to={urlFor('content-admin-course-create')}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Create a course
        </Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Search courses"
          description="By title or slug"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={courses.isFetching ? <Loader size="xs" aria-hidden /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
          w={320}
        />
        <Select
          label="Year"
          placeholder="Any year"
          clearable
          data={(courses.data?.years ?? []).map(String)}
          value={year || null}
          onChange={(value) => setParam('year', value)}
          w={140}
        />
        <Select
          label="Subject"
          placeholder="Any subject"
          clearable
          data={courses.data?.subjects ?? []}
          value={subject || null}
          onChange={(value) => setParam('subject', value)}
          w={200}
        />
        <Select
          label="Published"
          placeholder="Published or not"
          clearable
          data={[
            { value: 'yes', label: 'Published' },
            { value: 'no', label: 'Drafts' },
          ]}
          value={published || null}
          onChange={(value) => setParam('published', value)}
          w={180}
        />
      </Group>
      {courses.isError && !courses.data && (
        <Alert color="red" title="The courses could not be loaded">
          {formErrorOf(courses.error)}
        </Alert>
      )}
      {courses.isPending && <LoadingState label="Loading the courses" />}
      {courses.data && (
        <Paper withBorder>
          <Text size="sm" p="sm" aria-live="polite">
            {courses.data.courses.length === 0
              ? 'No course matches.'
              : `${courses.data.courses.length} ${courses.data.courses.length === 1 ? 'course' : 'courses'}`}
          </Text>
          {courses.data.courses.length > 0 && (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Course</Table.Th>
                    <Table.Th scope="col">Subject</Table.Th>
                    <Table.Th scope="col">Year</Table.Th>
                    <Table.Th scope="col">Lessons</Table.Th>
                    <Table.Th scope="col">Classes</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {courses.data.courses.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>
                        <Anchor component={Link} to={urlFor('content-admin-course-edit', { courseId: c.id })} fw={600}>
                          {c.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {c.slug}
                        </Text>
                      </Table.Td>
                      <Table.Td>{c.subject}</Table.Td>
                      <Table.Td>{c.year_published}</Table.Td>
                      <Table.Td>
                        {c.lesson_count}
                        {c.unpublished_lesson_count > 0 && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            ({c.unpublished_lesson_count} unpublished)
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{c.class_count}</Table.Td>
                      <Table.Td>
                        <Badge color={c.is_published ? 'teal' : 'gray'} variant="light">
                          {c.is_published ? 'Published' : 'Draft'}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
    </Stack>
  );
}
