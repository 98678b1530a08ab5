import { alternativeSchemaByType, type ExamQuestionView } from '@banksia/contracts/exam-api';
import { Alert, Box, Button, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../../../components/field-errors';
import { RichHtml } from '../../questions/index';
import { useAcceptAlternative } from '../api/accept-alternative';
import type { QuestionParams } from '../api/get-question-responses';
import { plural } from '../utils/format';

const hints: Partial<Record<ExamQuestionView['type'], string>> = {
  short_text: 'As a student would type it. Capitals, spacing and a final full stop are already forgiven.',
  numeric: 'A number, with or without its unit, e.g. 12.5 cm. It counts with the same tolerance.',
  maths_expression: 'As a student would type it, e.g. 2(x+1) or \\frac{1}{2}. Equivalent forms already count.',
};

export interface AcceptAlternativeFormProps {
  params: QuestionParams;
  /** An objective question (not extended response or activity), with its answer key. */
  question: ExamQuestionView;
}

/**
 * "Accept an alternative answer": the answer joins the question's key for everyone, and every submitted answer to it
 * is marked again (answers a teacher marked by hand keep their marks). Multiple choice offers the options that are not
 * yet right, as radio buttons rather than a select so their rich text and maths show as students saw them; the other
 * types take the answer as typed.
 */
export function AcceptAlternativeForm({ params, question }: AcceptAlternativeFormProps) {
  const mutation = useAcceptAlternative(params);
  const headingId = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const isChoice = question.type === 'multiple_choice';
  const correct = new Set(question.solution?.correct_option_ids ?? []);
  const choices = (question.options ?? []).filter((option) => !correct.has(option.id));

  const edited = (next: string) => {
    setValue(next);
    setProblem(null);
    if (mutation.isError || mutation.isSuccess) mutation.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = alternativeSchemaByType[question.type].safeParse(value);
    if (!checked.success) {
      setProblem(isChoice ? 'Choose the option to accept.' : (checked.error.issues[0]?.message ?? 'Check the answer.'));
      return;
    }
    mutation.mutate(checked.data, { onSuccess: () => setValue('') });
  };

  const serverError = mutation.isError ? fieldErrorsOf(mutation.error).alternative : undefined;
  const error = problem ?? serverError ?? null;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id={headingId}>
            Accept an alternative answer
          </Title>
          <Text size="sm" c="dimmed">
            It then counts as correct for everyone: every submitted answer to this question, in every class that sits
            this exam, is marked again. Marks a teacher gave by hand stay as they are.
          </Text>
        </div>
        {isChoice && choices.length === 0 ? (
          <Text size="sm">Every option already counts as correct.</Text>
        ) : (
          <>
            {isChoice ? (
              <Radio.Group
                label="Option to accept as correct"
                description={
                  question.multiple ? 'The option joins the set of choices a right answer must have.' : undefined
                }
                value={value || null}
                onChange={edited}
                error={error}
              >
                <Stack gap="xs" mt="xs">
                  {choices.map((option) => (
                    <Radio key={option.id} value={option.id} label={<RichHtml html={option.text} />} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              <TextInput
                label="Answer to accept"
                description={hints[question.type]}
                value={value}
                onChange={(event) => edited(event.currentTarget.value)}
                error={error}
                maw={420}
                autoComplete="off"
              />
            )}
            <Group>
              <Button type="submit" variant="light" loading={mutation.isPending}>
                Accept and re-mark
              </Button>
            </Group>
          </>
        )}
        {mutation.isError && !serverError && (
          <Alert color="red" title="The answer was not accepted">
            {formErrorOf(mutation.error)}
          </Alert>
        )}
        {mutation.isSuccess && (
          <Alert color="teal" title="Alternative accepted">
            {plural(mutation.data.remarked, 'answer')} re-marked, {mutation.data.changed} changed.
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
