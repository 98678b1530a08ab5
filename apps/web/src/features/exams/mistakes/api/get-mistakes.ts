import type { mistakesSchema, Mistakes } from '@banksia/contracts/exam-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';
import { examKeys, type ClassExamParams } from '../../api/query-keys';

export type Mistake = Mistakes['mistakes'][number];

/**
 * The questions the student lost marks on in their last submitted sitting, whether each is now understood, and their
 * notes on the exam's questions (api:class-exam-mistakes).
 */
export async function getMistakes(params: ClassExamParams, signal?: AbortSignal): Promise<Mistakes> {
  return unwrap(
    await getJson<Answer<typeof mistakesSchema>>(urlFor('api:class-exam-mistakes', { ...params }), {
      signal,
    }),
  );
}

export function mistakesQueryOptions(params: ClassExamParams) {
  return queryOptions({ queryKey: examKeys.mistakes(params), queryFn: ({ signal }) => getMistakes(params, signal) });
}

export function useMistakes(params: ClassExamParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mistakesQueryOptions(params), enabled });
}
