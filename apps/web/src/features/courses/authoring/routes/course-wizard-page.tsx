import { courseDetailsSchema, slugify, type CreateCourseResponse } from '@banksia/contracts/authoring-courses';
import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  List,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  errorDetailOf,
  fieldErrorsOf,
  formErrorOf,
  validate,
  type FieldErrors,
} from '../../../../components/field-errors';
import { LoadingState } from '../../../../components/loading-state';
import { urlFor } from '../../../../lib/named-routes';
import { checkSlug } from '../api/check-slug';
import { useCreateCourse } from '../api/create-course';
import { useAdminCourse } from '../api/get-course';
import { useAdminCourses } from '../api/get-courses';
import {
  forgetWizard,
  readCreated,
  storeCreated,
  useWizardState,
  type WizardDetails,
} from '../components/wizard-state';

function WizardFrame({ step, children }: { step: number; children: ReactNode }) {
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Create a course</Title>
        <Text c="dimmed" mt={4}>
          A new course starts as a draft: students see it only once you publish it from its editor.
        </Text>
      </div>
      <Stepper active={step} size="sm" allowNextStepsSelect={false} aria-label="Steps">
        <Stepper.Step label="Details" description="Title, slug, subject" />
        <Stepper.Step label="Structure" description="Empty or a copy" />
        <Stepper.Step label="Created" description="Where next" />
      </Stepper>
      {children}
    </Stack>
  );
}

/** /content/admin/courses/create/: what the wizard does, and where to begin (or carry on). */
export function CourseCreateRoute() {
  useDocumentTitle('Create a course · Banksia');
  const { state, clear } = useWizardState();
  const started = state.details !== null;
  return (
    <WizardFrame step={0}>
      <Paper withBorder p="lg">
        <Stack>
          <Text>Making a course takes two steps:</Text>
          <List type="ordered" spacing="xs">
            <List.Item>
              <strong>Details</strong>: the course&apos;s title, its address (slug), subject, year and curriculum.
            </List.Item>
            <List.Item>
              <strong>Structure</strong>: start empty, or copy an existing course for a new year with all its topics,
              lessons, exams, activities and attachments. The original is not changed.
            </List.Item>
          </List>
          <Group>
            <Button component={Link} to={urlFor('content-admin-course-create-details')}>
              {started ? 'Carry on where you left off' : 'Start'}
            </Button>
            {started && (
              <Button variant="default" onClick={clear}>
                Start again
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </WizardFrame>
  );
}

const emptyDetails: WizardDetails = {
  title: '',
  slug: '',
  subject: '',
  year_published: new Date().getFullYear() + 1,
  default_year_level: null,
  curriculum: null,
  has_textbook: false,
  show_student_notes: true,
};

/** /content/admin/courses/create/1/: the course's details, checked before going on (the slug must be free). */
export function CourseCreateDetailsRoute() {
  useDocumentTitle('Course details · Create a course · Banksia');
  const navigate = useNavigate();
  const { state, update } = useWizardState();
  const [values, setValues] = useState<WizardDetails>(state.details ?? emptyDetails);
  const [slugEdited, setSlugEdited] = useState(state.details !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const subjects = useAdminCourses({}).data?.subjects ?? [];

  const set = <K extends keyof WizardDetails>(key: K, value: WizardDetails[K]) => {
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (key === 'title' && !slugEdited) next.slug = slugify(String(value));
      // Kept as typed, so a reload brings it back.
      update({ details: next });
      return next;
    });
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validate(courseDetailsSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setChecking(true);
    try {
      const slug = await checkSlug(checked.data.slug);
      if (!slug.available) {
        setErrors({ slug: `This slug is already used by the course "${slug.course_title}".` });
        return;
      }
      update({ details: checked.data });
      void navigate(urlFor('content-admin-course-create-structure'));
    } catch (error) {
      setFailure(formErrorOf(error));
    } finally {
      setChecking(false);
    }
  };

  return (
    <WizardFrame step={0}>
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3">
            Details
          </Title>
          {failure && (
            <Alert color="red" title="The slug could not be checked">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Title"
            required
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={errors.title || undefined}
            description="As students and teachers see it, e.g. Mathematics 7 (2027)"
          />
          <TextInput
            label="Slug"
            required
            value={values.slug}
            onChange={(e) => {
              setSlugEdited(true);
              set('slug', e.currentTarget.value);
            }}
            error={errors.slug || undefined}
            description="Unique. Lower-case letters, digits and hyphens; made from the title until you change it."
          />
          <Autocomplete
            label="Subject"
            required
            data={subjects}
            value={values.subject}
            onChange={(value) => set('subject', value)}
            error={errors.subject || undefined}
            description="The subject students' branch selectors group the course under"
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Year published"
              required
              min={2000}
              max={2100}
              allowDecimal={false}
              value={values.year_published}
              onChange={(value) => set('year_published', typeof value === 'number' ? value : Number(value) || 0)}
              error={errors.year_published || undefined}
            />
            <TextInput
              label="Default year level"
              value={values.default_year_level ?? ''}
              onChange={(e) => set('default_year_level', e.currentTarget.value || null)}
              error={errors.default_year_level || undefined}
              description="e.g. Year 7"
            />
          </Group>
          <TextInput
            label="Curriculum"
            value={values.curriculum ?? ''}
            onChange={(e) => set('curriculum', e.currentTarget.value || null)}
            error={errors.curriculum || undefined}
            description="e.g. Australian Curriculum v9"
          />
          <Checkbox
            label="Has a printed textbook"
            checked={values.has_textbook}
            onChange={(e) => set('has_textbook', e.currentTarget.checked)}
          />
          <Checkbox
            label="Show student notes"
            description="Students may take notes on lessons (when their class's plan includes notes)"
            checked={values.show_student_notes}
            onChange={(e) => set('show_student_notes', e.currentTarget.checked)}
          />
          <Group justify="space-between">
            <Button variant="default" component={Link} to={urlFor('content-admin-course-create')}>
              Back
            </Button>
            <Button type="submit" loading={checking}>
              Next: structure
            </Button>
          </Group>
        </Stack>
      </Paper>
    </WizardFrame>
  );
}

/** /content/admin/courses/create/2/: start empty or copy a course; makes the course in one request. */
export function CourseCreateStructureRoute() {
  useDocumentTitle('Course structure · Create a course · Banksia');
  const navigate = useNavigate();
  const { state, update } = useWizardState();
  const courses = useAdminCourses({});
  const create = useCreateCourse();
  const [error, setError] = useState<string | null>(null);
  const structure = state.structure ?? { mode: 'empty' as const };

  if (!state.details) return <Navigate to={urlFor('content-admin-course-create-details')} replace />;
  const details = state.details;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (structure.mode === 'copy' && !structure.source_course_id) {
      setError('Choose the course to copy.');
      return;
    }
    setError(null);
    create.mutate(
      { details, structure },
      {
        onSuccess: (result) => {
          storeCreated(result);
          forgetWizard();
          void navigate(`${urlFor('content-admin-course-created')}?course=${result.course.id}`);
        },
        onError: (failure) => {
          const fields = fieldErrorsOf(failure);
          const first = Object.entries(fields)[0];
          setError(
            first
              ? `${first[1]} (${first[0].replace('details.', '')})`
              : (errorDetailOf(failure) ?? formErrorOf(failure)),
          );
        },
      },
    );
  };

  const options = (courses.data?.courses ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.title} (${c.year_published}${c.is_published ? '' : ', draft'})`,
  }));

  return (
    <WizardFrame step={1}>
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3">
            Structure of {details.title}
          </Title>
          {error && (
            <Alert color="red" title="The course was not created">
              {error}{' '}
              {error.includes('slug') && (
                <Anchor component={Link} to={urlFor('content-admin-course-create-details')}>
                  Change the details
                </Anchor>
              )}
            </Alert>
          )}
          <Radio.Group
            label="How should the course start?"
            value={structure.mode}
            onChange={(mode) =>
              update({
                structure: mode === 'copy' ? { mode: 'copy', source_course_id: 0 } : { mode: 'empty' },
              })
            }
          >
            <Stack mt="xs">
              <Radio value="empty" label="Empty" description="Add topics and lessons in the course editor." />
              <Radio
                value="copy"
                label="A copy of an existing course"
                description="Every topic, sub-topic, lesson (with its parts), exam, activity and attachment is copied with new ids. The original and its students' work are not changed."
              />
            </Stack>
          </Radio.Group>
          {structure.mode === 'copy' && (
            <Select
              label="Course to copy"
              placeholder={courses.isPending ? 'Loading courses…' : 'Choose a course'}
              searchable
              data={options}
              value={structure.source_course_id ? String(structure.source_course_id) : null}
              onChange={(value) => update({ structure: { mode: 'copy', source_course_id: Number(value) || 0 } })}
              nothingFoundMessage="No course matches"
            />
          )}
          <Group justify="space-between">
            <Button variant="default" component={Link} to={urlFor('content-admin-course-create-details')}>
              Back
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create the course
            </Button>
          </Group>
        </Stack>
      </Paper>
    </WizardFrame>
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function CreatedSummary({ result }: { result: CreateCourseResponse }) {
  const { course, copied_from: from, counts } = result;
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={2} size="h3">
          {course.title} is ready
        </Title>
        <Text>
          Slug <code>{course.slug}</code>, {course.subject}, {course.year_published}. It is a draft: students will see
          it once you publish it.
        </Text>
        {from ? (
          <>
            <Text>
              Copied from {from.title} ({from.year_published}), which is unchanged:
            </Text>
            <List>
              <List.Item>{plural(counts.sections, 'topic or sub-topic')}</List.Item>
              <List.Item>
                {plural(counts.lessons, 'lesson')} with {plural(counts.chunks, 'part')}
              </List.Item>
              <List.Item>
                {plural(counts.exams, 'exam or question set')} with {plural(counts.exam_questions, 'question')}
              </List.Item>
              <List.Item>{plural(counts.activities, 'activity')}</List.Item>
              <List.Item>{plural(counts.attachments, 'attachment')}</List.Item>
            </List>
          </>
        ) : (
          <Text>It is empty: add its topics and lessons in the course editor.</Text>
        )}
        <Group>
          <Button component={Link} to={urlFor('content-admin-course-edit', { courseId: course.id })}>
            Open the course editor
          </Button>
          <Button variant="default" component={Link} to={urlFor('content-admin-course-create')}>
            Create another course
          </Button>
          <Button variant="subtle" component={Link} to={urlFor('content-admin')}>
            Content administration
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /content/admin/courses/created/?course={id}: what was made, and links onward. */
export function CourseCreatedRoute() {
  useDocumentTitle('Course created · Banksia');
  const [params] = useSearchParams();
  const courseId = Number(params.get('course'));
  const stored = readCreated();
  const result = stored && stored.course.id === courseId ? stored : null;
  // Without the stored summary (another tab, storage cleared) the course itself still says what was made.
  const course = useAdminCourse(result || !courseId ? 0 : courseId);
  return (
    <WizardFrame step={2}>
      {result ? (
        <CreatedSummary result={result} />
      ) : !courseId ? (
        <Alert color="yellow" title="No course was named">
          <Anchor component={Link} to={urlFor('content-admin-courses')}>
            Find the course in the course list
          </Anchor>
          .
        </Alert>
      ) : course.data ? (
        <Paper withBorder p="lg">
          <Stack>
            <Title order={2} size="h3">
              {course.data.course.title} was created
            </Title>
            <Group>
              <Button component={Link} to={urlFor('content-admin-course-edit', { courseId })}>
                Open the course editor
              </Button>
              <Button variant="default" component={Link} to={urlFor('content-admin-course-create')}>
                Create another course
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : course.isError ? (
        <Alert color="red" title="The course could not be loaded">
          {formErrorOf(course.error)}
        </Alert>
      ) : (
        <LoadingState label="Loading the course" />
      )}
    </WizardFrame>
  );
}
