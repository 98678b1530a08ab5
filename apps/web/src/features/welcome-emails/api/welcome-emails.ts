import type {
  welcomeLogResponse,
  welcomePreviewResponse,
  welcomeStepListResponse,
  welcomeStepSchema,
  welcomeTestSendResponse,
  WelcomePreviewBody,
  WelcomeStepBody,
} from '@banksia/contracts/welcome-emails';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { deleteJson, getJson, postJson, putJson, type Answer } from '../../../lib/request';

const key = ['welcome-emails'] as const;

export function welcomeStepsQueryOptions() {
  return queryOptions({
    queryKey: [...key, 'steps'],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof welcomeStepListResponse>>(urlFor('api:admin-welcome-emails'), {
          signal,
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
        await getJson<Answer<typeof welcomeLogResponse>>(`${urlFor('api:admin-welcome-email-log')}?page=${page}`, {
          signal,
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
          ? await postJson<Answer<typeof welcomeStepSchema>>(urlFor('api:admin-welcome-emails'), body, {})
          : await putJson<Answer<typeof welcomeStepSchema>>(
              urlFor('api:admin-welcome-email', { stepId: id }),
              body,
              {},
            ),
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
        await postJson<Answer<typeof welcomePreviewResponse>>(urlFor('api:admin-welcome-email-preview'), body, {
          signal,
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
        await postJson<Answer<typeof welcomeTestSendResponse>>(
          urlFor('api:admin-welcome-email-test-send', { stepId: id }),
          undefined,
          {},
        ),
      ),
  });
}
