import {
  classTypeLabels,
  stopStepLabels,
  welcomeClassTypes,
  welcomePlaceholders,
  welcomeStepBody,
  welcomeStopSteps,
  type WelcomeStep,
  type WelcomeStepBody,
} from '@banksia/contracts/welcome-emails';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import {
  fieldErrorsOf,
  formErrorOf,
  hasFieldErrors,
  validate,
  type FieldErrors,
} from '../../../components/field-errors';
import { useDeleteWelcomeStep } from '../api/delete-welcome-step';
import { useWelcomePreview } from '../api/preview-welcome-step';
import { useSaveWelcomeStep } from '../api/save-welcome-step';
import { useTestSendWelcomeStep } from '../api/test-send-welcome-step';
import { notify } from '../../../lib/notify';

/** A new email's starting values. */
export const BLANK_STEP: WelcomeStepBody = {
  role: 'teacher',
  class_type: 'TT',
  days_after: 1,
  subject: '',
  body: 'Hello {{first_name}},\n\n',
  stop_when: null,
  is_active: true,
};

export function stepToBody(step: WelcomeStep): WelcomeStepBody {
  const { role, class_type, days_after, subject, body, stop_when, is_active } = step;
  return { role, class_type, days_after, subject, body, stop_when, is_active };
}

/** The "when" of an email in words: "3 days after joining", "on the day of joining". */
export function whenLabel(days: number): string {
  if (days === 0) return 'On the day they join';
  return `${days} ${days === 1 ? 'day' : 'days'} after they join`;
}

const NEVER = 'never';

/** The preview: the subject line and the email in its layout, in a sandboxed frame (no scripts, no links out). */
function Preview({ subject, body }: { subject: string; body: string }) {
  const [debounced] = useDebouncedValue({ subject: subject.trim(), body: body.trim() }, 400);
  const ready = debounced.subject !== '' && debounced.body !== '';
  const preview = useWelcomePreview(ready ? debounced : null);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Preview
      </Title>
      {!ready ? (
        <Text size="sm" c="dimmed">
          Write a subject and a body to see the email.
        </Text>
      ) : preview.isError ? (
        <Alert color="red">{formErrorOf(preview.error)}</Alert>
      ) : preview.data ? (
        <>
          <Text size="sm">
            <strong>Subject:</strong> <span data-testid="preview-subject">{preview.data.subject}</span>
          </Text>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={preview.data.html}
            style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
          />
        </>
      ) : (
        <Text size="sm">Loading the preview…</Text>
      )}
    </Stack>
  );
}

/** Edits one email of the series (or a new one), with its preview, a test send and deletion. */
export function StepEditor({ step, onDone }: { step: WelcomeStep | null; onDone: () => void }) {
  const [values, setValues] = useState<WelcomeStepBody>(step ? stepToBody(step) : BLANK_STEP);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveWelcomeStep();
  const remove = useDeleteWelcomeStep();
  const testSend = useTestSendWelcomeStep();
  const set = <K extends keyof WelcomeStepBody>(k: K, v: WelcomeStepBody[K]) =>
    setValues((old) => ({ ...old, [k]: v }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(welcomeStepBody, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: step?.id ?? null, body: checked.data },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: 'Saved.' });
          onDone();
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  };

  return (
    <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate aria-labelledby="step-editor-heading">
      <Title order={2} size="h3" id="step-editor-heading" mb="md">
        {step ? `Edit “${step.subject}”` : 'New welcome email'}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack>
          <Group grow align="flex-start">
            <Select
              label="To"
              data={[
                { value: 'teacher', label: 'Teachers' },
                { value: 'student', label: 'Students' },
              ]}
              value={values.role}
              onChange={(v) => v && set('role', v as WelcomeStepBody['role'])}
              allowDeselect={false}
            />
            <Select
              label="In classes of type"
              data={welcomeClassTypes.map((t) => ({ value: t, label: `${classTypeLabels[t]} (${t})` }))}
              value={values.class_type}
              onChange={(v) => v && set('class_type', v as WelcomeStepBody['class_type'])}
              allowDeselect={false}
            />
          </Group>
          <Group grow align="flex-start">
            <NumberInput
              label="Days after they join the class"
              min={0}
              max={365}
              value={values.days_after}
              onChange={(v) => set('days_after', typeof v === 'number' ? v : 0)}
              error={errors.days_after}
            />
            <Select
              label="Don’t send once they have"
              data={[
                { value: NEVER, label: 'Always send' },
                ...welcomeStopSteps.map((s) => ({ value: s, label: stopStepLabels[s] })),
              ]}
              value={values.stop_when ?? NEVER}
              onChange={(v) => set('stop_when', !v || v === NEVER ? null : (v as WelcomeStepBody['stop_when']))}
              allowDeselect={false}
            />
          </Group>
          <TextInput
            label="Subject"
            required
            value={values.subject}
            onChange={(e) => set('subject', e.currentTarget.value)}
            error={errors.subject}
          />
          <Textarea
            label="Body"
            required
            description={`Plain text: a blank line starts a new paragraph. Placeholders: ${welcomePlaceholders
              .map((p) => `{{${p}}}`)
              .join(', ')}.`}
            autosize
            minRows={8}
            value={values.body}
            onChange={(e) => set('body', e.currentTarget.value)}
            error={errors.body}
          />
          <Switch
            label="Active (the journey sends it)"
            checked={values.is_active}
            onChange={(e) => set('is_active', e.currentTarget.checked)}
          />
          {save.isError && !hasFieldErrors(fieldErrorsOf(save.error)) && (
            <Alert color="red">{formErrorOf(save.error)}</Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            {step && (
              <>
                <Button
                  variant="light"
                  loading={testSend.isPending}
                  onClick={() =>
                    testSend.mutate(step.id, {
                      onSuccess: (answer) => notify({ color: 'teal', message: answer.detail }),
                      onError: (error) => notify({ color: 'red', message: formErrorOf(error) }),
                    })
                  }
                >
                  Send me a test
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Delete “${step.subject}” and its send log?`)) {
                      remove.mutate(step.id, { onSuccess: onDone });
                    }
                  }}
                >
                  Delete
                </Button>
              </>
            )}
          </Group>
          {step && (
            <Text size="xs" c="dimmed">
              The test uses the saved version, with sample values.
            </Text>
          )}
        </Stack>
        <Preview subject={values.subject} body={values.body} />
      </SimpleGrid>
    </Paper>
  );
}
