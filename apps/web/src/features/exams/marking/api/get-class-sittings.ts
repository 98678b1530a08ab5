import type { classSittingsSchema, ClassSittings } from '@banksia/contracts/exam-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';

export type ClassExamParams = { classId: number; examId: number };

/** `?anonymise=1` when names are hidden: the server then sends the day's pseudonyms instead of real names. */
export function anonymiseSearch(anonymise: boolean): string {
  return anonymise ? '?anonymise=1' : '';
}

/**
 * The class's students with their sitting of an exam, and per question how many answers are submitted and still wait
 * for marking (GET api:class-exam-sittings; teachers).
 */
export async function getClassSittings(
  params: ClassExamParams & { anonymise: boolean },
  signal?: AbortSignal,
): Promise<ClassSittings> {
  return unwrap(
    await getJson<Answer<typeof classSittingsSchema>>(
      `${urlFor('api:class-exam-sittings', { classId: params.classId, examId: params.examId })}${anonymiseSearch(params.anonymise)}`,
      {
        signal,
      },
    ),
  );
}

/** The key of every variant (names shown or hidden) of a class's sittings, for invalidating them together. */
export function classSittingsKey({ classId, examId }: ClassExamParams) {
  return ['marking', 'sittings', classId, examId] as const;
}

export function classSittingsQueryOptions(params: ClassExamParams & { anonymise: boolean }) {
  return queryOptions({
    queryKey: [...classSittingsKey(params), params.anonymise ? 'anonymised' : 'named'] as const,
    queryFn: ({ signal }) => getClassSittings(params, signal),
  });
}

export function useClassSittings(params: ClassExamParams & { anonymise: boolean }, { enabled = true } = {}) {
  return useQuery({ ...classSittingsQueryOptions(params), enabled });
}
