import { createStudentTrialBody } from '@banksia/contracts/trials';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-input';
import {
  fieldErrorsOf,
  formErrorOf,
  hasFieldErrors,
  validate,
  type FieldErrors,
} from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useCreateStudentTrial } from '../api/create-student-trial';
import { useTrials } from '../api/get-trials';
import { defaultTrialExpiry, SchoolAndCourseFields } from '../components/trial-fields';
import { TrialTable } from '../components/trial-table';
import { notify } from '../../../lib/notify';

/** Where the accounts page opens for a class. */
export function accountsPageFor(classId: number): string {
  return `${urlFor('content-admin-anon-trial-accounts')}?class=${classId}`;
}

/**
 * /content/admin/anon-trial-classes/: student trial (ST) classes: make one on a course at a school, open until a
 * date; the list, with a way to make anonymous accounts for each and to extend or convert it.
 */
export function AnonTrialClassesRoute() {
  useDocumentTitle('Student trial classes · Banksia');
  const trials = useTrials('ST');
  const create = useCreateStudentTrial();
  const [title, setTitle] = useState('');
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const [courseId, setCourseId] = useState<number | null>(null);
  const [expiry, setExpiry] = useState<string | null>(() => defaultTrialExpiry(new Date()));
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(createStudentTrialBody, {
      title,
      school_id: schoolId ?? undefined,
      course_id: courseId ?? undefined,
      expiration_date: expiry ?? undefined,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (trial) => {
        setTitle('');
        notify({ color: 'teal', message: `${trial.title} is ready: make its accounts next.` });
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Student trial classes</Title>
        <Text c="dimmed" mt={4} maw={760}>
          A student trial class lets students try a course with anonymous accounts (no names or emails). After its date
          the class is read-only and its accounts can no longer sign in, unless it is extended or converted to a normal
          class.
        </Text>
      </div>
      <Paper
        withBorder
        p="lg"
        maw={640}
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="New student trial class"
      >
        <Stack>
          <TextInput
            label="Class title"
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
          />
          <SchoolAndCourseFields
            schoolId={schoolId}
            courseId={courseId}
            onSchool={setSchoolId}
            onCourse={setCourseId}
            errors={errors}
          />
          <DateField
            label="Open until"
            description="The trial ends at the end of this day"
            required
            value={expiry}
            onChange={setExpiry}
            error={errors.expiration_date}
          />
          {create.isError && !hasFieldErrors(fieldErrorsOf(create.error)) && (
            <Alert color="red">{formErrorOf(create.error)}</Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create the class
            </Button>
          </Group>
        </Stack>
      </Paper>
      <section aria-labelledby="st-list">
        <Title order={2} id="st-list" mb="sm">
          Student trial classes
        </Title>
        {trials.isPending ? (
          <LoadingState label="Loading student trial classes" />
        ) : trials.isError ? (
          <Alert color="red">{formErrorOf(trials.error)}</Alert>
        ) : (
          <TrialTable
            trials={trials.data}
            caption="Student trial classes, newest first"
            extraColumn={{
              header: 'Anonymous accounts',
              cell: (trial) => (
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{trial.trial_account_count}</Text>
                  {!trial.expired && trial.class_type === 'ST' && (
                    <Anchor
                      component={Link}
                      to={accountsPageFor(trial.id)}
                      size="sm"
                      aria-label={`Make accounts for ${trial.title}`}
                    >
                      Make accounts
                    </Anchor>
                  )}
                </Group>
              ),
            }}
          />
        )}
      </section>
    </Stack>
  );
}
