import type { sittingSchema, Sitting } from '@banksia/contracts/exam-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import type { ClassExamParams } from '../../marking/index';

export type StudentSittingParams = ClassExamParams & { profileId: number };

/**
 * Opens, or resumes, the sitting a teacher fills in from a student's paper (POST api:class-exam-transcribe). The
 * teacher then saves answers and submits on that sitting like a student would; no time limit applies.
 */
export async function openTranscription(params: StudentSittingParams, signal?: AbortSignal): Promise<Sitting> {
  return unwrap(
    await postJson<Answer<typeof sittingSchema>>(
      urlFor('api:class-exam-transcribe', params),
      {},
      {
        signal,
      },
    ),
  );
}

export function transcriptionKey({ classId, examId, profileId }: StudentSittingParams) {
  return ['marking', 'transcription', classId, examId, profileId] as const;
}

/**
 * The transcribed sitting, opened when the page shows it. A query rather than a mutation although it POSTs: opening
 * is idempotent (it resumes the open one), and the sitting must stay cached while the teacher moves between
 * sections, each answer save updating it. It is never refetched behind the teacher's back: answers being typed
 * would be overwritten by an older copy.
 */
export function transcriptionQueryOptions(params: StudentSittingParams) {
  return queryOptions({
    queryKey: transcriptionKey(params),
    queryFn: ({ signal }) => openTranscription(params, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useTranscription(params: StudentSittingParams | null) {
  return useQuery({
    ...transcriptionQueryOptions(params ?? { classId: 0, examId: 0, profileId: 0 }),
    enabled: params !== null,
  });
}
