import type { questionResponsesSchema, QuestionResponses } from '@banksia/contracts/exam-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';
import { anonymiseSearch, type ClassExamParams } from './get-class-sittings';

export type QuestionParams = ClassExamParams & { questionId: number };

/**
 * One question with its answer key, and every submitted answer to it in the class with its mark and feedback
 * (GET api:class-exam-question-responses; teachers).
 */
export async function getQuestionResponses(
  params: QuestionParams & { anonymise: boolean },
  signal?: AbortSignal,
): Promise<QuestionResponses> {
  return unwrap(
    await getJson<Answer<typeof questionResponsesSchema>>(
      `${urlFor('api:class-exam-question-responses', { classId: params.classId, examId: params.examId, questionId: params.questionId })}${anonymiseSearch(params.anonymise)}`,
      {
        signal,
      },
    ),
  );
}

/** The key of both variants (names shown or hidden) of one question's responses. */
export function questionResponsesKey({ classId, examId, questionId }: QuestionParams) {
  return ['marking', 'responses', classId, examId, questionId] as const;
}

/** The key of every question's responses in a class's exam (an accepted alternative can change any). */
export function examResponsesKey({ classId, examId }: ClassExamParams) {
  return ['marking', 'responses', classId, examId] as const;
}

export function questionResponsesQueryOptions(params: QuestionParams & { anonymise: boolean }) {
  return queryOptions({
    queryKey: [...questionResponsesKey(params), params.anonymise ? 'anonymised' : 'named'] as const,
    queryFn: ({ signal }) => getQuestionResponses(params, signal),
  });
}

/**
 * The responses; while the other variant (names shown or hidden) loads, the last one stays as placeholder data, so
 * the marking forms keep what is typed in them. Pages must not show its names meanwhile (`isPlaceholderData`).
 */
export function useQuestionResponses(params: QuestionParams & { anonymise: boolean }) {
  return useQuery({ ...questionResponsesQueryOptions(params), placeholderData: keepPreviousData });
}
