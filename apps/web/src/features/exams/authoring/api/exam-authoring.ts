import type {
  authoringOptionsSchema,
  examAuthoringSchema,
  examListResponse,
  AuthoringOptions,
  CreateExamBody,
  ExamAuthoring,
  ExamList,
  ExamListQuery,
  PublishExamBody,
  SaveExamBody,
} from '@banksia/contracts/exam-authoring';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, postJson, putJson, type RequestResult, type Answer } from '../../../../lib/request';

export const authoringQueryKey = ['exam-authoring'] as const;

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

export function authoringOptionsQuery() {
  return queryOptions({
    queryKey: [...authoringQueryKey, 'options'],
    queryFn: async ({ signal }): Promise<AuthoringOptions> =>
      unwrap(
        await getJson<Answer<typeof authoringOptionsSchema>>(urlFor('api:admin-exam-options'), {
          signal,
        }),
      ),
  });
}

export function useAuthoringOptions() {
  return useQuery(authoringOptionsQuery());
}

export function authoringExamQuery(examId: number) {
  return queryOptions({
    queryKey: [...authoringQueryKey, 'exam', examId],
    queryFn: async ({ signal }): Promise<ExamAuthoring> =>
      unwrap(
        await getJson<Answer<typeof examAuthoringSchema>>(urlFor('api:admin-exam', { examId }), {
          signal,
        }),
      ),
    // The editor keeps its own copy while open; a refetch would not replace it, so do not poll.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useAuthoringExam(examId: number) {
  return useQuery(authoringExamQuery(examId));
}

export function useCreateExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateExamBody) =>
      unwrap(await postJson<Answer<typeof examAuthoringSchema>>(urlFor('api:admin-exams'), body)),
    onSuccess: (exam) => {
      queryClient.setQueryData(authoringExamQuery(exam.id).queryKey, exam);
      void queryClient.invalidateQueries({ queryKey: [...authoringQueryKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...authoringQueryKey, 'options'] });
    },
  });
}

/** One save of the editor; resolves with the request's result (the autosave reads 400 and 409 itself). */
export function saveExam(examId: number, body: SaveExamBody): Promise<RequestResult<ExamAuthoring>> {
  return putJson<Answer<typeof examAuthoringSchema>>(urlFor('api:admin-exam', { examId }), body, {});
}

export async function publishExam(examId: number, body: PublishExamBody): Promise<ExamAuthoring> {
  return unwrap(
    await postJson<Answer<typeof examAuthoringSchema>>(urlFor('api:admin-exam-publish', { examId }), body, {}),
  );
}
