import type { ExamView, Sitting } from '@banksia/contracts/exam-api';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { AutosaveAlerts } from '../../../../components/autosave-alerts';
import { questionHeadingId, QuestionInput, QuestionPrompt } from '../../questions/index';
import { useAnswerAutosave, type SittingAutosave } from '../../sittings/index';

type Question = ExamView['sections'][number]['questions'][number];

/**
 * One question of the paper: its prompt and the student's answer, typed in and autosaved while the sitting is open
 * (autosave given), shown read-only otherwise. An activity cannot be entered from paper.
 */
export function TranscribedQuestion({
  question,
  number,
  autosave,
  sitting,
  studentName,
  disabled,
}: {
  question: Question;
  number: number;
  autosave: SittingAutosave | null;
  sitting: Sitting;
  studentName: string;
  disabled: boolean;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={questionHeadingId(question.id)}>
      <Stack gap="sm">
        <QuestionPrompt question={question} number={number} order={3} />
        {question.type === 'activity' ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
            An activity is done on screen, so it can&apos;t be entered from paper. It stays unanswered in this sitting;
            mark it by hand if the student did it another way.
          </Alert>
        ) : autosave ? (
          <TranscribedAnswer autosave={autosave} question={question} studentName={studentName} disabled={disabled} />
        ) : (
          <QuestionInput
            question={question}
            answer={sitting.answers.find((a) => a.question_id === question.id)?.answer ?? null}
            onChange={() => {}}
            disabled
            label={`${studentName}'s answer`}
          />
        )}
      </Stack>
    </Paper>
  );
}

function TranscribedAnswer({
  autosave,
  question,
  studentName,
  disabled,
}: {
  autosave: SittingAutosave;
  question: Question;
  studentName: string;
  disabled: boolean;
}) {
  const answer = useAnswerAutosave(autosave, question.id);
  if (!answer) return null;
  return (
    <Stack gap="xs">
      <QuestionInput
        question={question}
        answer={answer.value}
        onChange={(value) => autosave.change(question.id, value)}
        disabled={disabled}
        label={`${studentName}'s answer`}
      />
      <AutosaveAlerts autosave={answer} noun="answers" />
      {answer.status === 'error' && !answer.problem && (
        <Text size="sm" c="var(--mantine-color-error)">
          This answer is not saved yet.
        </Text>
      )}
    </Stack>
  );
}
