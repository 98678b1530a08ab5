import type { ExamAnswer } from '@banksia/contracts/exams';
import type { reviewAnswerResultSchema, ReviewAnswerResult } from '@banksia/contracts/review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { reviewKeys } from './get-review-today';

export interface ReviewCardKey {
  classId: number;
  questionId: number;
}

/** Checks an answer to a due review question (POST api:review-answer): right or not, the solution, when it is back. */
export async function answerReviewCard(key: ReviewCardKey, answer: ExamAnswer): Promise<ReviewAnswerResult> {
  return unwrap(
    await postJson<Answer<typeof reviewAnswerResultSchema>>(urlFor('api:review-answer', { ...key }), { answer }, {}),
  );
}

/**
 * The page keeps each result itself and fetches today's review again only when the set is done, so the questions
 * do not move while the student works through them. Each answer marks the review (and the class's topics) out of
 * date without fetching, so coming back to the page later asks afresh.
 */
export function useAnswerReviewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, answer }: { key: ReviewCardKey; answer: ExamAnswer }) => answerReviewCard(key, answer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all, refetchType: 'none' }),
  });
}
