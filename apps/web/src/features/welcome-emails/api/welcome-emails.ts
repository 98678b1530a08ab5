import {
  welcomeLogResponse,
  welcomePreviewResponse,
  welcomeStepListResponse,
  welcomeStepSchema,
  welcomeTestSendResponse,
  type WelcomePreviewBody,
  type WelcomeStepBody,
} from '@banksia/contracts/welcome-emails';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { deleteJson, getJson, postJson, putJson } from '../../../lib/request';

const key = ['welcome-emails'] as const;

export function welcomeStepsQueryOptions() {
  return queryOptions({
    queryKey: [...key, 'steps'],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson(urlFor('api:admin-welcome-emails'), {
          signal,
          transform: (body) => welcomeStepListResponse.parse(body),
        }),
      ).results,
  });
}

/** The journey's emails, by role, class type and day. */
export function useWelcomeSteps() {
  return useQuery(welcomeStepsQueryOptions());
}

/** What the journey sent, a page at a time, newest first. */
export function useWelcomeLog(page: number) {
  return useQuery({
    queryKey: [...key, 'log', page],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson(`${urlFor('api:admin-welcome-email-log')}?page=${page}`, {
          signal,
          transform: (body) => welcomeLogResponse.parse(body),
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Saves an email: a new one (no id) or changes to one. */
export function useSaveWelcomeStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: WelcomeStepBody }) =>
      unwrap(
        id === null
          ? await postJson(urlFor('api:admin-welcome-emails'), body, {
              transform: (answer) => welcomeStepSchema.parse(answer),
            })
          : await putJson(urlFor('api:admin-welcome-email', { stepId: id }), body, {
              transform: (answer) => welcomeStepSchema.parse(answer),
            }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...key, 'steps'] }),
  });
}

export function useDeleteWelcomeStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrap(await deleteJson(urlFor('api:admin-welcome-email', { stepId: id }))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The email in its layout with sample values. */
export function useWelcomePreview(body: WelcomePreviewBody | null) {
  return useQuery({
    queryKey: [...key, 'preview', body?.subject, body?.body],
    queryFn: async ({ signal }) =>
      unwrap(
        await postJson(urlFor('api:admin-welcome-email-preview'), body, {
          signal,
          transform: (answer) => welcomePreviewResponse.parse(answer),
        }),
      ),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** Sends a saved email to the staff member's own address. */
export function useTestSendWelcomeStep() {
  return useMutation({
    mutationFn: async (id: number) =>
      unwrap(
        await postJson(urlFor('api:admin-welcome-email-test-send', { stepId: id }), undefined, {
          transform: (answer) => welcomeTestSendResponse.parse(answer),
        }),
      ),
  });
}
