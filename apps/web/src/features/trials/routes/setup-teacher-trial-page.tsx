import { displayDate } from '@banksia/contracts/rules/class-expiry';
import { setupTeacherTrialBody, type SetupTeacherTrialResult } from '@banksia/contracts/trials';
import { Alert, Anchor, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
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
import { useTrials } from '../api/get-trials';
import { useSetupTeacherTrial } from '../api/setup-teacher-trial';
import { defaultTrialExpiry, SchoolAndCourseFields } from '../components/trial-fields';
import { TrialTable } from '../components/trial-table';

function TrialReady({ result }: { result: SetupTeacherTrialResult }) {
  const { trial } = result;
  const teacher = trial.teachers[0];
  return (
    <Alert color="teal" title="The trial is ready" role="status">
      <Stack gap="xs">
        <Text size="sm">
          {trial.title} on {trial.course_title} at {trial.school_name}, open until{' '}
          {trial.expiration_date ? displayDate(trial.expiration_date) : 'no set date'}, taught by{' '}
          {teacher?.name || teacher?.email}.
        </Text>
        <Text size="sm">
          {result.new_account
            ? 'A new account was made: the teacher has an invitation to choose a password (their activation link) and the trial’s welcome email.'
            : 'The teacher already had an account: they have the trial’s welcome email and find the class when they sign in.'}{' '}
          <Anchor component={Link} to={urlFor('content-admin-outbox')} c="inherit" underline="always" fw={600}>
            See the emails in the outbox
          </Anchor>
          .
        </Text>
        {trial.activation_link && (
          <Group gap="xs">
            <Text size="sm">Students join with:</Text>
            <Code>{trial.activation_link}</Code>
            <CopyButton value={trial.activation_link}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * /content/admin/setup-teacher-trial/: a teacher trial (TT) class for a new or existing teacher on a course, open
 * until a date; the list of teacher trials with their expiry, to extend or convert them.
 */
export function SetupTeacherTrialRoute() {
  useDocumentTitle('Set up a teacher trial · Banksia');
  const trials = useTrials('TT');
  const setup = useSetupTeacherTrial();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [title, setTitle] = useState('');
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const [courseId, setCourseId] = useState<number | null>(null);
  const [expiry, setExpiry] = useState<string | null>(() => defaultTrialExpiry(new Date()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<SetupTeacherTrialResult | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(setupTeacherTrialBody, {
      email,
      first_name: firstName,
      last_name: lastName,
      school_id: schoolId ?? undefined,
      course_id: courseId ?? undefined,
      title: title.trim() || undefined,
      expiration_date: expiry ?? undefined,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setup.mutate(checked.data, {
      onSuccess: (answer) => {
        setResult(answer);
        setEmail('');
        setFirstName('');
        setLastName('');
        setTitle('');
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Set up a teacher trial</Title>
        <Text c="dimmed" mt={4} maw={760}>
          A trial class on a course for one teacher, open until a date. A teacher new to Banksia gets an account and an
          invitation to choose a password; everyone gets the trial’s welcome email. After the date the class is
          read-only until it is extended or converted to a normal class.
        </Text>
      </div>
      <Paper withBorder p="lg" maw={640} component="form" onSubmit={submit} noValidate aria-label="New teacher trial">
        <Stack>
          <TextInput
            label="Teacher’s email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <Group grow align="flex-start">
            <TextInput
              label="First name"
              description="For a new account"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={errors.first_name}
            />
            <TextInput
              label="Last name"
              description="For a new account"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={errors.last_name}
            />
          </Group>
          <SchoolAndCourseFields
            schoolId={schoolId}
            courseId={courseId}
            onSchool={setSchoolId}
            onCourse={setCourseId}
            errors={errors}
          />
          <TextInput
            label="Class title"
            description="Leave empty for the course title and “(trial)”"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
          />
          <DateField
            label="Open until"
            description="The trial ends at the end of this day"
            required
            value={expiry}
            onChange={setExpiry}
            error={errors.expiration_date}
          />
          {setup.isError && !hasFieldErrors(fieldErrorsOf(setup.error)) && (
            <Alert color="red">{formErrorOf(setup.error)}</Alert>
          )}
          <Group>
            <Button type="submit" loading={setup.isPending}>
              Set up the trial
            </Button>
          </Group>
        </Stack>
      </Paper>
      {result && <TrialReady result={result} />}
      <section aria-labelledby="tt-list">
        <Title order={2} id="tt-list" mb="sm">
          Teacher trials
        </Title>
        {trials.isPending ? (
          <LoadingState label="Loading teacher trials" />
        ) : trials.isError ? (
          <Alert color="red">{formErrorOf(trials.error)}</Alert>
        ) : (
          <TrialTable trials={trials.data} caption="Teacher trial classes, newest first" />
        )}
      </section>
    </Stack>
  );
}
