import type { sittingSchema, Sitting } from '@banksia/contracts/exam-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { examKeys, type ClassExamParams } from '../../api/query-keys';

/**
 * Starts the student's sitting of the exam in the class, or resumes the open one (api:class-exam-start: 201 new, 200
 * resumed). Throws a RequestFailure; a locked exam is a 409 with code `exam_locked`.
 */
export async function startSitting(params: ClassExamParams): Promise<Sitting> {
  return unwrap(await postJson<Answer<typeof sittingSchema>>(urlFor('api:class-exam-start', { ...params }), {}, {}));
}

/** Start or resume: the answer becomes the student's sitting, and the classes' sitting summary is read again. */
export function useStartSitting(params: ClassExamParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startSitting(params),
    onSuccess: async (sitting) => {
      queryClient.setQueryData(examKeys.sitting(params), sitting);
      await queryClient.invalidateQueries({ queryKey: examKeys.classes(params.examId) });
    },
  });
}
