import type { ExamView, Sitting } from '@banksia/contracts/exam-api';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formErrorOf } from '../../../../components/field-errors';
import { RequestFailure } from '../../../../components/request-failure';
import { examKeys } from '../../api/query-keys';
import { classSittingsKey, plural } from '../../marking/index';
import { isAnswered } from '../../questions/index';
import { submitSitting, type AnswerValue, type SittingAutosave } from '../../sittings/index';
import { transcriptionKey, type StudentSittingParams } from '../api/open-transcription';

/** Submits the paper for the student once every answer is saved, after a confirmation naming what is unanswered. */
export function SubmitForStudent({
  autosave,
  exam,
  params,
  sitting,
  studentName,
  answers,
}: {
  autosave: SittingAutosave;
  exam: ExamView;
  params: StudentSittingParams;
  sitting: Sitting;
  studentName: string;
  answers: ReadonlyMap<number, AnswerValue>;
}) {
  const queryClient = useQueryClient();
  const [confirming, confirm] = useDisclosure(false);
  const questions = exam.sections.flatMap((s) => s.questions).filter((q) => q.type !== 'activity');
  const unanswered = questions.filter((q) => !isAnswered(q, answers.get(q.id) ?? null)).length;

  const mutation = useMutation({
    mutationFn: async () => {
      // What the teacher sees is what is marked: answers still being sent go first.
      const saved = await autosave.flushAll();
      if (!saved) throw new Error('unsaved');
      return submitSitting(sitting.id);
    },
    onSuccess: async (submitted) => {
      confirm.close();
      autosave.clearDrafts();
      queryClient.setQueryData(transcriptionKey(params), submitted);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classSittingsKey(params) }),
        queryClient.invalidateQueries({ queryKey: examKeys.sitting(params) }),
      ]);
    },
  });

  return (
    <>
      <Button leftSection={<IconSend size={16} aria-hidden />} onClick={confirm.open}>
        Submit for {studentName}
      </Button>
      <Modal opened={confirming} onClose={confirm.close} title={`Submit ${studentName}'s paper?`} centered>
        <Stack gap="sm">
          <Text>
            {unanswered === 0
              ? 'Every question has an answer.'
              : `${plural(unanswered, 'question')} ${unanswered === 1 ? 'has' : 'have'} no answer.`}{' '}
            Once submitted, the answers are marked and can no longer be changed here.
          </Text>
          {mutation.isError && (
            <Alert color="red" title="Not submitted">
              {mutation.error instanceof RequestFailure
                ? formErrorOf(mutation.error)
                : 'Some answers are not saved yet. Check your connection, then try again.'}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={confirm.close} data-autofocus>
              Keep entering
            </Button>
            <Button loading={mutation.isPending} onClick={() => mutation.mutate()}>
              Submit for {studentName}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
