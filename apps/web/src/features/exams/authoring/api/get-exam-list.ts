import type { examListResponse, ExamList, ExamListQuery } from '@banksia/contracts/exam-authoring';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';
import { authoringQueryKey } from './query-keys';

function queryString(query: ExamListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function getExamList(query: ExamListQuery, signal?: AbortSignal): Promise<ExamList> {
  return unwrap(
    await getJson<Answer<typeof examListResponse>>(`${urlFor('api:admin-exams')}${queryString(query)}`, {
      signal,
    }),
  );
}

/** The exams matching the list's search and filters; the previous list stays up while a new one loads. */
export function useExamList(query: ExamListQuery) {
  return useQuery({
    queryKey: [...authoringQueryKey, 'list', query],
    queryFn: ({ signal }) => getExamList(query, signal),
    placeholderData: keepPreviousData,
  });
}
