import type {
  sittingAnswerSchema,
  MarkAnswerBody,
  QuestionResponses,
  SittingAnswer,
} from '@banksia/contracts/exam-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { putJson, type Answer } from '../../../../lib/request';
import { classSittingsKey } from './get-class-sittings';
import { examKeys } from '../../api/query-keys';
import { questionResponsesKey, type QuestionParams } from './get-question-responses';

/** A teacher's marks and feedback for one answer of a submitted sitting (PUT api:sitting-mark). */
export async function markAnswer(
  params: { sittingId: number; questionId: number },
  body: MarkAnswerBody,
): Promise<SittingAnswer> {
  return unwrap(await putJson<Answer<typeof sittingAnswerSchema>>(urlFor('api:sitting-mark', params), body, {}));
}

/** The responses with one student's answer replaced by the server's marked answer. */
export function withMarkedAnswer(
  responses: QuestionResponses,
  sittingId: number,
  answer: SittingAnswer,
): QuestionResponses {
  return {
    ...responses,
    responses: responses.responses.map((response) =>
      response.sitting_id === sittingId
        ? {
            ...response,
            mark_status: answer.mark_status,
            marks_awarded: answer.marks_awarded,
            feedback: answer.feedback,
            marked_by_teacher: true,
          }
        : response,
    ),
  };
}

/**
 * Marks one student's answer to a question. The question's responses (names shown and hidden) take the server's
 * answer at once; the class's counts and that student's sitting are fetched again, since "waiting for marking" and
 * their marks so far have changed.
 */
export function useMarkAnswer(params: QuestionParams, sittingId: number, profileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkAnswerBody) => markAnswer({ sittingId, questionId: params.questionId }, body),
    onSuccess: async (answer) => {
      queryClient.setQueriesData<QuestionResponses>({ queryKey: questionResponsesKey(params) }, (responses) =>
        responses ? withMarkedAnswer(responses, sittingId, answer) : responses,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classSittingsKey(params) }),
        queryClient.invalidateQueries({ queryKey: examKeys.sitting({ ...params, profileId }) }),
      ]);
    },
  });
}
