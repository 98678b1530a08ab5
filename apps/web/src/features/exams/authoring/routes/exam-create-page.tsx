import { createExamBody } from '@banksia/contracts/exam-authoring';
import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrorsOf, formErrorOf } from '../../../../components/field-errors';
import { LoadingState } from '../../../../components/loading-state';
import { urlFor } from '../../../../lib/named-routes';
import { useCreateExam } from '../api/create-exam';
import { useAuthoringOptions } from '../api/get-authoring-options';
import { ExamDetailsFields, type DetailsValue } from '../components/exam-details-fields';
import { CreateSteps as Steps } from '../components/create-steps';
import { EditorPage, notFound } from './exam-edit-page';

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

export function ExamCreateQuestionsRoute() {
  useDocumentTitle('New exam: questions · Banksia');
  const [params] = useSearchParams();
  const examId = Number(params.get('exam_id'));
  if (!Number.isInteger(examId) || examId <= 0) throw notFound();
  return <EditorPage examId={examId} showDetails={false} />;
}

/** /content/admin/exams/edit/{id}/: the details, sections and questions, and publishing. */
