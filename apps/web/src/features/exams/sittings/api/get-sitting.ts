import type { Sitting } from '@banksia/contracts/exam-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RequestFailure } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson } from '../../../../lib/request';
import { examKeys } from '../../api/query-keys';

export interface SittingParams {
  classId: number;
  examId: number;
  /** A teacher reading a student's sitting; omitted for the signed-in student's own. */
  profileId?: number;
}

/** A sitting with its answers and time left (api:class-exam-sitting); null before the student has started. */
export async function getSitting(
  { classId, examId, profileId }: SittingParams,
  signal?: AbortSignal,
): Promise<Sitting | null> {
  const url = urlFor('api:class-exam-sitting', { classId, examId });
  const result = await getJson<Sitting | null>(profileId === undefined ? url : `${url}?profile_id=${profileId}`, {
    signal,
  });
  if (result.ok) return result.body;
  throw new RequestFailure(result.failureReason, result.status, result.body);
}

export function sittingQueryOptions(params: SittingParams) {
  return queryOptions({
    queryKey: examKeys.sitting(params),
    queryFn: ({ signal }) => getSitting(params, signal),
    // Answers are edited from the server's versions and the time left is counted from its clock: always fresh.
    staleTime: 0,
  });
}

export function useSitting(params: SittingParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...sittingQueryOptions(params), enabled });
}
