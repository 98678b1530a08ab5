import type { grokSchema, Grok, Mistakes } from '@banksia/contracts/exam-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { putJson, type Answer } from '../../../../lib/request';
import { examKeys, type ClassExamParams } from '../../api/query-keys';
import { notify } from '../../../../lib/notify';

/** The student now understands a mistake (true), or not yet (false) (PUT api:class-exam-question-grok). */
export async function saveGrok(params: ClassExamParams & { questionId: number }, grokked: boolean): Promise<Grok> {
  return unwrap(
    await putJson<Answer<typeof grokSchema>>(urlFor('api:class-exam-question-grok', { ...params }), { grokked }),
  );
}

function withGrok(mistakes: Mistakes | undefined, questionId: number, grokkedAt: string | null) {
  if (!mistakes) return mistakes;
  return {
    ...mistakes,
    mistakes: mistakes.mistakes.map((m) => (m.question_id === questionId ? { ...m, grokked_at: grokkedAt } : m)),
  };
}

/**
 * "I get it now": the mistakes list shows the change at once; the server's time replaces the guess when it answers,
 * and a failure puts the previous value back and says so.
 */
export function useSetGrok(params: ClassExamParams) {
  const queryClient = useQueryClient();
  const queryKey = examKeys.mistakes(params);
  return useMutation({
    mutationFn: ({ questionId, grokked }: { questionId: number; grokked: boolean }) =>
      saveGrok({ ...params, questionId }, grokked),
    onMutate: async ({ questionId, grokked }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Mistakes>(queryKey);
      const before = previous?.mistakes.find((m) => m.question_id === questionId)?.grokked_at ?? null;
      queryClient.setQueryData<Mistakes>(queryKey, (mistakes) =>
        withGrok(mistakes, questionId, grokked ? new Date().toISOString() : null),
      );
      return { before };
    },
    onSuccess: (answer) =>
      queryClient.setQueryData<Mistakes>(queryKey, (mistakes) =>
        withGrok(mistakes, answer.question_id, answer.grokked_at),
      ),
    onError: (_error, { questionId }, context) => {
      queryClient.setQueryData<Mistakes>(queryKey, (mistakes) =>
        withGrok(mistakes, questionId, context?.before ?? null),
      );
      notify({
        color: 'red',
        title: "Couldn't save that",
        message: 'The question is as it was. Check your connection and try again.',
      });
    },
  });
}
