import type { QuestionResponses } from '@banksia/contracts/exam-api';
import { Alert, Box, Button, Group, NumberInput, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../../../components/field-errors';
import { RichTextEditor } from '../../../../components/rich-text-editor';
import { SafeHtml } from '../../../../components/safe-html';
import { isBlankHtml } from '../../../../components/sanitize-html';
import { useMarkAnswer } from '../api/mark-answer';
import type { QuestionParams } from '../api/get-question-responses';

export type QuestionResponse = QuestionResponses['responses'][number];

export interface AnswerMarkFormProps {
  params: QuestionParams;
  /** The question's marks: a mark runs from 0 to this. */
  marks: number;
  response: QuestionResponse;
  /** The student's name as shown (a pseudonym while names are hidden). */
  studentName: string;
  /** Told whenever the form starts or stops holding changes that are not saved. */
  onDirtyChange?: (sittingId: number, dirty: boolean) => void;
}

/** The marks in the box, or null when it is empty or not a number. */
function marksOf(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

/** What is wrong with the marks typed, or null when they can be saved. */
export function marksProblem(value: number | string, marks: number): string | null {
  const awarded = marksOf(value);
  if (awarded === null || awarded < 0 || awarded > marks) return `Give a mark from 0 to ${marks}.`;
  return null;
}

/**
 * A teacher's marks and feedback for one student's answer (PUT api:sitting-mark). Nothing is sent until "Save mark"
 * (or Enter in the marks box): marks are typed one student after another, and a half-typed "1" must not reach the
 * student. Feedback is rich text (HTML, as students see it), edited in the lazy editor only once asked for, so a
 * class of thirty answers does not load thirty editors.
 */
export function AnswerMarkForm({ params, marks, response, studentName, onDirtyChange }: AnswerMarkFormProps) {
  const mutation = useMarkAnswer(params, response.sitting_id, response.profile_id);
  // Drafts are null while untouched, so the form follows the server's values (e.g. after an alternative answer is
  // accepted) until the teacher edits them.
  const [marksDraft, setMarksDraft] = useState<number | string | null>(null);
  const [feedbackDraft, setFeedbackDraft] = useState<string | null>(null);
  const [editingFeedback, setEditingFeedback] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const savedMarks = response.marks_awarded ?? '';
  const marksValue = marksDraft ?? savedMarks;
  const feedbackValue = feedbackDraft ?? response.feedback;
  const marksChanged = marksDraft !== null && marksOf(marksDraft) !== response.marks_awarded;
  const feedbackChanged = feedbackDraft !== null && feedbackDraft !== response.feedback;
  const dirty = marksChanged || feedbackChanged;

  useEffect(() => {
    onDirtyChange?.(response.sitting_id, dirty);
  }, [onDirtyChange, response.sitting_id, dirty]);
  // A form that goes away (another question, the filter) holds nothing unsaved any more.
  useEffect(() => () => onDirtyChange?.(response.sitting_id, false), [onDirtyChange, response.sitting_id]);

  const edited = () => {
    setProblem(null);
    if (mutation.isError || mutation.isSuccess) mutation.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = marksProblem(marksValue, marks);
    if (found) {
      setProblem(found);
      return;
    }
    setProblem(null);
    mutation.mutate(
      {
        marks_awarded: marksOf(marksValue)!,
        // Omitted, the feedback already given stays as it is.
        ...(feedbackChanged ? { feedback: isBlankHtml(feedbackValue) ? '' : feedbackValue } : {}),
      },
      {
        onSuccess: () => {
          setMarksDraft(null);
          setFeedbackDraft(null);
          setEditingFeedback(false);
        },
      },
    );
  };

  const serverFieldError = mutation.isError ? fieldErrorsOf(mutation.error).marks_awarded : undefined;
  const marksError = problem ?? serverFieldError ?? null;
  const saved = mutation.isSuccess && !dirty;

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="md" wrap="wrap">
          <NumberInput
            label={
              <>
                Marks<VisuallyHidden> for {studentName}</VisuallyHidden> (out of {marks})
              </>
            }
            value={marksValue}
            onChange={(value) => {
              edited();
              setMarksDraft(value);
            }}
            min={0}
            max={marks}
            step={0.5}
            decimalScale={2}
            allowNegative={false}
            // Out of range is shown as an error, never silently changed to another mark.
            clampBehavior="none"
            error={marksError}
            w={170}
            inputMode="decimal"
          />
          <Group gap="xs" pt={25}>
            <Button
              variant="default"
              onClick={() => {
                edited();
                setMarksDraft(0);
              }}
              aria-label={`No marks for ${studentName}`}
            >
              0
            </Button>
            <Button
              variant="default"
              onClick={() => {
                edited();
                setMarksDraft(marks);
              }}
              aria-label={`Full marks for ${studentName}`}
            >
              Full ({marks})
            </Button>
          </Group>
        </Group>

        {editingFeedback ? (
          <RichTextEditor
            label={`Feedback for ${studentName}`}
            value={feedbackValue}
            onChange={(html) => {
              edited();
              setFeedbackDraft(html);
            }}
            minHeight={100}
          />
        ) : isBlankHtml(feedbackValue) ? (
          <Box>
            <Button variant="subtle" px={0} onClick={() => setEditingFeedback(true)}>
              Add feedback<VisuallyHidden> for {studentName}</VisuallyHidden>
            </Button>
          </Box>
        ) : (
          <Box>
            <Text fw={500} size="sm">
              Feedback
            </Text>
            <Paper withBorder p="sm" mt={4}>
              <SafeHtml html={feedbackValue} />
            </Paper>
            <Button variant="subtle" px={0} mt={4} onClick={() => setEditingFeedback(true)}>
              Edit feedback<VisuallyHidden> for {studentName}</VisuallyHidden>
            </Button>
          </Box>
        )}

        {mutation.isError && !serverFieldError && (
          <Alert color="red" title="The mark was not saved">
            {formErrorOf(mutation.error)}
          </Alert>
        )}

        <Group gap="sm">
          <Button
            type="submit"
            loading={mutation.isPending}
            // Quiet on answers already marked, until there is a change to save.
            variant={dirty || response.mark_status === 'needs_marking' ? 'filled' : 'light'}
          >
            Save mark<VisuallyHidden> for {studentName}</VisuallyHidden>
          </Button>
          <Box role="status" aria-live="polite">
            {saved ? (
              <Group gap={4}>
                <IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
                <Text size="sm">Saved</Text>
              </Group>
            ) : dirty ? (
              <Text size="sm" c="dimmed">
                Not saved yet
              </Text>
            ) : null}
          </Box>
        </Group>
      </Stack>
    </Box>
  );
}
