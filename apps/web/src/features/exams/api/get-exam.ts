import type { examViewSchema, ExamView } from '@banksia/contracts/exam-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';
import { examKeys } from './query-keys';

/** An exam with its sections and questions (api:exam); solutions only where the viewer may see them. */
export async function getExam(examId: number, signal?: AbortSignal): Promise<ExamView> {
  return unwrap(await getJson<Answer<typeof examViewSchema>>(urlFor('api:exam', { examId }), { signal }));
}

export function examQueryOptions(examId: number) {
  return queryOptions({ queryKey: examKeys.exam(examId), queryFn: ({ signal }) => getExam(examId, signal) });
}

export function useExam(examId: number) {
  return useQuery(examQueryOptions(examId));
}
