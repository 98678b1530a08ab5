import { examKindLabels, examKinds, type ExamKind, type ExamListQuery } from '@banksia/contracts/exam-authoring';
import { Anchor, Badge, Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useListParams } from '../../../../lib/use-list-params';
import { countOf, ResultsTable } from '../../../../components/results-table';
import { urlFor } from '../../../../lib/named-routes';
import { useAuthoringOptions } from '../api/get-authoring-options';
import { useExamList } from '../api/get-exam-list';

export function ExamListRoute() {
  useDocumentTitle('Exams and question sets · Banksia');
  const { params, search, setSearch, query: q, update } = useListParams();
  const courseId = params.get('course_id');
  const kind = params.get('kind') as ExamKind | null;
  const published = params.get('published') as 'true' | 'false' | null;
  const query: ExamListQuery = {
    ...(q ? { q } : {}),
    ...(courseId ? { course_id: Number(courseId) } : {}),
    ...(kind ? { kind } : {}),
    ...(published ? { published } : {}),
  };
  const list = useExamList(query);
  const options = useAuthoringOptions();
  const setFilter = (key: string, value: string | null) => update({ [key]: value });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Exams and question sets</Title>
          <Text c="dimmed" mt={4}>
            Find one to edit its details and questions, or publish it.
          </Text>
        </div>
        <Button
          component={Link}
          to={urlFor('content-admin-exams-create')}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New exam or question set
        </Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Search by title"
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={list.isFetching ? <Loader size="xs" aria-hidden /> : null}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
          }}
          onBlur={() => setFilter('q', search.trim() || null)}
          w={280}
        />
        <Select
          label="Course"
          placeholder="All courses"
          clearable
          searchable
          data={(options.data?.courses ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
          value={courseId}
          onChange={(value) => setFilter('course_id', value)}
          w={280}
        />
        <Select
          label="Kind"
          placeholder="All kinds"
          clearable
          data={examKinds.map((k) => ({ value: k, label: examKindLabels[k] }))}
          value={kind}
          onChange={(value) => setFilter('kind', value)}
          w={220}
        />
        <Select
          label="State"
          placeholder="Published and drafts"
          clearable
          data={[
            { value: 'true', label: 'Published' },
            { value: 'false', label: 'Drafts' },
          ]}
          value={published}
          onChange={(value) => setFilter('published', value)}
          w={200}
        />
      </Group>
      <ResultsTable
        query={list}
        noun="exams"
        summary={
          !list.data || list.data.count === 0
            ? 'Nothing matches.'
            : list.data.results.length < list.data.count
              ? `Showing the newest ${list.data.results.length} of ${list.data.count}. Search or filter to narrow the list.`
              : countOf(list.data.count, 'exam or question set', 'exams and question sets')
        }
        columns={['Title', 'Kind', 'Course', 'Place', 'Questions', 'Sittings', { label: 'State', w: 120 }]}
        rows={list.data?.results}
        rowKey={(exam) => exam.id}
        minWidth={900}
        renderRow={(exam) => (
          <>
            <Table.Td>
              <Anchor component={Link} to={urlFor('content-admin-exam-edit', { examId: exam.id })} fw={600}>
                {exam.title}
              </Anchor>
            </Table.Td>
            <Table.Td>{examKindLabels[exam.kind]}</Table.Td>
            <Table.Td>{exam.course_title}</Table.Td>
            <Table.Td>{exam.placement_label}</Table.Td>
            <Table.Td>
              {exam.question_count} ({exam.marks_total} {exam.marks_total === 1 ? 'mark' : 'marks'})
            </Table.Td>
            <Table.Td>{exam.sitting_count}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={exam.is_published ? 'teal' : 'gray'} size="sm">
                {exam.is_published ? 'Published' : 'Draft'}
              </Badge>
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}
