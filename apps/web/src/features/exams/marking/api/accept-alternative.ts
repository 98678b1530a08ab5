import type {
  acceptAlternativeResultSchema,
  AcceptAlternativeResult,
  QuestionResponses,
} from '@banksia/contracts/exam-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { classSittingsKey } from './get-class-sittings';
import { examKeys } from '../../api/query-keys';
import { questionResponsesKey, type QuestionParams } from './get-question-responses';

/**
 * Accepts another answer to an objective question for everyone; every submitted answer to it is marked again, except
 * those a teacher marked by hand (POST api:class-exam-accept-alternative).
 */
export async function acceptAlternative(params: QuestionParams, alternative: string): Promise<AcceptAlternativeResult> {
  return unwrap(
    await postJson<Answer<typeof acceptAlternativeResultSchema>>(urlFor('api:class-exam-accept-alternative', params), {
      alternative,
    }),
  );
}

/**
 * Accepts an alternative answer. The question's answer key changes at once in its responses; the marks it changed
 * are fetched again (its responses, the class's counts and totals, students' sittings, and the exam with its key).
 */
export function useAcceptAlternative(params: QuestionParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alternative: string) => acceptAlternative(params, alternative),
    onSuccess: async (result) => {
      queryClient.setQueriesData<QuestionResponses>({ queryKey: questionResponsesKey(params) }, (responses) =>
        responses ? { ...responses, question: result.question } : responses,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: questionResponsesKey(params) }),
        queryClient.invalidateQueries({ queryKey: classSittingsKey(params) }),
        // Every student's sitting of the exam in this class (examKeys.sitting without its last part).
        queryClient.invalidateQueries({ queryKey: examKeys.sitting(params).slice(0, 4) }),
        queryClient.invalidateQueries({ queryKey: examKeys.exam(params.examId) }),
      ]);
    },
  });
}
