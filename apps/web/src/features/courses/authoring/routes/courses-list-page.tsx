import type { AdminCoursesQuery } from '@banksia/contracts/authoring-courses';
import { Anchor, Badge, Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { countOf, ResultsTable } from '../../../../components/results-table';
import { urlFor } from '../../../../lib/named-routes';
import { useListParams } from '../../../../lib/use-list-params';
import { useAdminCourses } from '../api/get-courses';

/** /content/admin/courses/edit/: find a course by title or slug, filtered by year, subject and publishing. */
export function CoursesListRoute() {
  useDocumentTitle('Courses · Banksia');
  const { params, search, setSearch, query: q, update } = useListParams();
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
  const setParam = (key: string, value: string | null) => update({ [key]: value });

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
      <ResultsTable
        query={courses}
        noun="courses"
        summary={
          courses.data?.courses.length === 0
            ? 'No course matches.'
            : countOf(courses.data?.courses.length ?? 0, 'course', 'courses')
        }
        columns={['Course', 'Subject', 'Year', 'Lessons', 'Classes', 'Status']}
        rows={courses.data?.courses}
        rowKey={(c) => c.id}
        renderRow={(c) => (
          <>
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
          </>
        )}
      />
    </Stack>
  );
}
