import {
  createExamBody,
  examKindLabels,
  examKinds,
  type ExamKind,
  type ExamListQuery,
} from '@banksia/contracts/exam-authoring';
import { FailureReason } from '@banksia/contracts/errors';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { fieldErrorsOf, formErrorOf } from '../../../../components/field-errors';
import { LoadingState } from '../../../../components/loading-state';
import { useListParams } from '../../../../lib/use-list-params';
import { countOf, ResultsTable } from '../../../../components/results-table';
import { RequestFailure } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { useCreateExam } from '../api/create-exam';
import { useAuthoringExam } from '../api/get-authoring-exam';
import { useAuthoringOptions } from '../api/get-authoring-options';
import { useExamList } from '../api/get-exam-list';
import { ExamDetailsFields, type DetailsValue } from '../components/exam-details-fields';
import { ExamEditor } from '../components/exam-editor';

const notFound = () => new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);

function Steps({ step }: { step: 1 | 2 }) {
  return (
    <Text c="dimmed" size="sm">
      Step {step} of 2: {step === 1 ? 'details' : 'sections and questions'}
    </Text>
  );
}

/** /content/admin/exams/create/: what making an exam takes, and where to start. */
export function ExamCreateStartRoute() {
  useDocumentTitle('New exam or question set · Banksia');
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>New exam or question set</Title>
      <Text>Making one takes two steps; it stays a draft, hidden from students, until you publish it.</Text>
      <List spacing="xs">
        <List.Item>
          <b>Details</b>: its title, the course and the topic or lesson it belongs to, its kind, whether students sit it
          online, a time limit and any additional materials.
        </List.Item>
        <List.Item>
          <b>Sections and questions</b>: multiple choice, short text, numeric, maths expression, extended response and
          activity questions, each with its marks and worked solution. Your work saves as you go.
        </List.Item>
      </List>
      <Group>
        <Button component={Link} to={urlFor('content-admin-exams-create-details')}>
          Start with the details
        </Button>
        <Anchor component={Link} to={urlFor('content-admin-exams')}>
          Edit an existing one instead
        </Anchor>
      </Group>
    </Stack>
  );
}

const emptyDetails: DetailsValue = {
  title: '',
  kind: 'question_set',
  placement: null,
  is_submittable: true,
  time_limit_minutes: null,
  additional_materials: '',
  hide_solutions_until_release: false,
};

/** /content/admin/exams/create/1/: the details; saving makes the draft and goes on to its questions. */
export function ExamCreateDetailsRoute() {
  useDocumentTitle('New exam: details · Banksia');
  const options = useAuthoringOptions();
  const create = useCreateExam();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [courseId, setCourseId] = useState<number | null>(Number(params.get('course_id')) || null);
  const [details, setDetails] = useState<DetailsValue>(emptyDetails);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (options.isError) throw options.error;
  if (!options.data) return <LoadingState label="Loading courses" />;
  const course = options.data.courses.find((c) => c.id === courseId) ?? null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createExamBody.safeParse({ ...details, course_id: courseId });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.map(String).join('.')] ??= issue.message;
      if (found['course_id']) found.course_id = 'Choose a course.';
      if (Object.keys(found).some((k) => k.startsWith('placement'))) {
        found.placement = 'Choose where it goes in the course.';
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (exam) =>
        void navigate(`${urlFor('content-admin-exams-create-questions')}?exam_id=${exam.id}`, { replace: true }),
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>New exam: details</Title>
        <Steps step={1} />
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <ExamDetailsFields
            value={details}
            onChange={setDetails}
            errors={errors}
            course={course}
            courses={options.data.courses}
            onCourseChange={(id) => {
              setCourseId(id);
              setDetails((d) => ({ ...d, placement: null }));
            }}
          />
          {create.isError && Object.keys(fieldErrorsOf(create.error)).length === 0 && (
            <Alert color="red" title="Not created">
              {formErrorOf(create.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Next: sections and questions
            </Button>
            <Anchor component={Link} to={urlFor('content-admin-exams-create')}>
              Back
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function EditorPage({ examId, showDetails }: { examId: number; showDetails: boolean }) {
  const exam = useAuthoringExam(examId);
  const options = useAuthoringOptions();
  const navigate = useNavigate();
  if (exam.isError) throw exam.error;
  if (options.isError) throw options.error;
  if (!exam.data || !options.data) return <LoadingState label="Loading the exam" />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{showDetails ? exam.data.title : `New exam: ${exam.data.title}`}</Title>
        {showDetails ? (
          <Anchor component={Link} to={urlFor('content-admin-exams')} size="sm">
            All exams and question sets
          </Anchor>
        ) : (
          <Steps step={2} />
        )}
      </div>
      <ExamEditor
        key={exam.data.id}
        exam={exam.data}
        options={options.data}
        showDetails={showDetails}
        actions={
          showDetails ? undefined : (
            <Button variant="default" onClick={() => void navigate(urlFor('content-admin-exam-edit', { examId }))}>
              Finish
            </Button>
          )
        }
      />
    </Stack>
  );
}

/** /content/admin/exams/create/2/?exam_id=: the new exam's sections and questions. */
export function ExamCreateQuestionsRoute() {
  useDocumentTitle('New exam: questions · Banksia');
  const [params] = useSearchParams();
  const examId = Number(params.get('exam_id'));
  if (!Number.isInteger(examId) || examId <= 0) throw notFound();
  return <EditorPage examId={examId} showDetails={false} />;
}

/** /content/admin/exams/edit/{id}/: the details, sections and questions, and publishing. */
export function ExamEditRoute() {
  useDocumentTitle('Edit exam · Banksia');
  const examId = Number(useParams().examId);
  if (!Number.isInteger(examId) || examId <= 0) throw notFound();
  return <EditorPage examId={examId} showDetails />;
}

/** /content/admin/exams/edit/: every exam and question set, with search and filters. */
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
