import type { sittingSchema, Sitting } from '@banksia/contracts/exam-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { examKeys } from '../../api/query-keys';

/**
 * Submits a sitting (api:sitting-submit). Idempotent on the server: submitting again answers the same submitted
 * sitting. Objective answers come back marked. Throws a RequestFailure (409 `exam_locked` while the exam is locked).
 */
export async function submitSitting(sittingId: number): Promise<Sitting> {
  return unwrap(await postJson<Answer<typeof sittingSchema>>(urlFor('api:sitting-submit', { sittingId }), {}, {}));
}

/**
 * Submit: the answer replaces the student's sitting; the exam is read again (its solutions open after a submit), and
 * so are the classes' sitting summary and the mistakes.
 */
export function useSubmitSitting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sittingId: number) => submitSitting(sittingId),
    onSuccess: async (sitting) => {
      const params = { classId: sitting.class_id, examId: sitting.exam_id };
      queryClient.setQueryData(examKeys.sitting(params), sitting);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: examKeys.exam(sitting.exam_id) }),
        queryClient.invalidateQueries({ queryKey: examKeys.classes(sitting.exam_id) }),
        queryClient.invalidateQueries({ queryKey: examKeys.mistakes(params) }),
      ]);
    },
  });
}
