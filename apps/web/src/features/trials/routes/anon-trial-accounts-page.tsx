import { displayDate } from '@banksia/contracts/rules/class-expiry';
import { MAX_TRIAL_ACCOUNTS_PER_BATCH, type TrialAccountsBatch, type TrialClass } from '@banksia/contracts/trials';
import { Alert, Anchor, Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fieldErrorsOf, formErrorOf } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { urlFor } from '../../../lib/named-routes';
import { useCreateTrialAccounts } from '../api/create-trial-accounts';
import { useTrials } from '../api/get-trials';
import classes from './trial-cards.module.css';

/** The ST classes that can still take accounts (not expired, not converted). */
export function openStudentTrials(trials: readonly TrialClass[]): TrialClass[] {
  return trials.filter((t) => t.class_type === 'ST' && !t.expired);
}

/** The batch as cards: one per account, with where to sign in and until when. */
export function TrialCards({ batch }: { batch: TrialAccountsBatch }) {
  const until = batch.expiration_date ? displayDate(batch.expiration_date) : null;
  return (
    <div className={classes.printArea}>
      <ul
        className={classes.cards}
        aria-label={`Sign-in cards for ${batch.class_title}`}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {batch.accounts.map((a) => (
          <li key={a.user_id} className={classes.card}>
            <Text size="sm" fw={700}>
              Banksia: {batch.class_title}
            </Text>
            <Text size="xs" mb={6}>
              Sign in at {batch.sign_in_url}
            </Text>
            <Text size="xs">Username</Text>
            <div className={classes.value}>{a.username}</div>
            <Text size="xs" mt={4}>
              Password
            </Text>
            <div className={classes.value}>{a.password}</div>
            {until && (
              <Text size="xs" mt={6}>
                Works until {until}.
              </Text>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /content/admin/anon-trial-accounts/: a batch of anonymous student accounts for a student trial class, shown once
 * (only their hashes are kept) as cards to print and hand out.
 */
export function AnonTrialAccountsRoute() {
  useDocumentTitle('Anonymous trial accounts · Banksia');
  const [params, setParams] = useSearchParams();
  const trials = useTrials('ST');
  const create = useCreateTrialAccounts();
  const [count, setCount] = useState<number | string>(10);
  const [batch, setBatch] = useState<TrialAccountsBatch | null>(null);
  const classParam = Number(params.get('class'));
  const classId = Number.isInteger(classParam) && classParam > 0 ? classParam : null;
  const open = trials.data ? openStudentTrials(trials.data) : [];
  const errors = create.error ? fieldErrorsOf(create.error) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (classId === null || typeof count !== 'number') return;
    create.mutate({ class_id: classId, count }, { onSuccess: setBatch });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Anonymous trial accounts</Title>
        <Text c="dimmed" mt={4} maw={760}>
          Make sign-in accounts for a student trial class: each has a generated username and password and no name or
          email. The passwords are shown once, here: print the cards before leaving the page. The accounts stop working
          when the trial ends.
        </Text>
      </div>
      {trials.isPending ? (
        <LoadingState label="Loading student trial classes" />
      ) : trials.isError ? (
        <Alert color="red">{formErrorOf(trials.error)}</Alert>
      ) : open.length === 0 ? (
        <Text>
          No student trial class is open.{' '}
          <Anchor component={Link} to={urlFor('content-admin-anon-trial-classes')}>
            Create one first
          </Anchor>
          .
        </Text>
      ) : (
        <Paper withBorder p="lg" maw={640} component="form" onSubmit={submit} noValidate aria-label="Make accounts">
          <Stack>
            <Select
              label="Student trial class"
              required
              data={open.map((t) => ({ value: String(t.id), label: `${t.title} · ${t.school_name}` }))}
              value={classId === null ? null : String(classId)}
              onChange={(value) => {
                setBatch(null);
                setParams(value ? { class: value } : {}, { replace: true });
              }}
              error={errors.class_id}
              searchable
            />
            <NumberInput
              label="How many accounts"
              required
              min={1}
              max={MAX_TRIAL_ACCOUNTS_PER_BATCH}
              value={count}
              onChange={setCount}
              error={errors.count}
              description={`Up to ${MAX_TRIAL_ACCOUNTS_PER_BATCH} at a time`}
            />
            {create.isError && !errors.class_id && !errors.count && (
              <Alert color="red">{formErrorOf(create.error)}</Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending} disabled={classId === null || typeof count !== 'number'}>
                Make accounts
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {batch && (
        <section aria-labelledby="cards-heading">
          <Group justify="space-between" mb="sm">
            <Title order={2} id="cards-heading">
              {batch.accounts.length} {batch.accounts.length === 1 ? 'account' : 'accounts'} for {batch.class_title}
            </Title>
            <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
              Print cards
            </Button>
          </Group>
          <Alert color="yellow" mb="md">
            These passwords are not stored anywhere in readable form. Print or copy them now.
          </Alert>
          <TrialCards batch={batch} />
        </section>
      )}
    </Stack>
  );
}
