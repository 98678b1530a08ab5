import {
  authoringOptionsSchema,
  examAuthoringSchema,
  examListResponse,
  type AuthoringOptions,
  type CreateExamBody,
  type ExamAuthoring,
  type ExamList,
  type ExamListQuery,
  type PublishExamBody,
  type SaveExamBody,
} from '@banksia/contracts/exam-authoring';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, postJson, putJson, type RequestResult } from '../../../../lib/request';

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
    await getJson(`${urlFor('api:admin-exams')}${queryString(query)}`, {
      signal,
      transform: (body) => examListResponse.parse(body),
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
        await getJson(urlFor('api:admin-exam-options'), {
          signal,
          transform: (body) => authoringOptionsSchema.parse(body),
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
        await getJson(urlFor('api:admin-exam', { examId }), {
          signal,
          transform: (body) => examAuthoringSchema.parse(body),
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
      unwrap(
        await postJson(urlFor('api:admin-exams'), body, { transform: (answer) => examAuthoringSchema.parse(answer) }),
      ),
    onSuccess: (exam) => {
      queryClient.setQueryData(authoringExamQuery(exam.id).queryKey, exam);
      void queryClient.invalidateQueries({ queryKey: [...authoringQueryKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...authoringQueryKey, 'options'] });
    },
  });
}

/** One save of the editor; resolves with the request's result (the autosave reads 400 and 409 itself). */
export function saveExam(examId: number, body: SaveExamBody): Promise<RequestResult<ExamAuthoring>> {
  return putJson(urlFor('api:admin-exam', { examId }), body, {
    transform: (answer) => examAuthoringSchema.parse(answer),
  });
}

export async function publishExam(examId: number, body: PublishExamBody): Promise<ExamAuthoring> {
  return unwrap(
    await postJson(urlFor('api:admin-exam-publish', { examId }), body, {
      transform: (answer) => examAuthoringSchema.parse(answer),
    }),
  );
}
