import { FailureReason } from '@banksia/contracts/errors';
import {
  type rosterApplyResponse,
  type rosterDatasetListResponse,
  rosterDatasetSchema,
  type rosterRollbackResponse,
  type rosterSourcesResponse,
  type rosterStepResponse,
  type RosterDataset,
  type RosterStep,
} from '@banksia/contracts/rosters';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RequestFailure, unwrap } from '../../../components/request-failure';
import { CSRF_HEADER_NAME, getCsrfToken, isCsrfFailure, refreshCsrfToken } from '../../../lib/csrf';
import { readJsonBody } from '../../../lib/json-body';
import { urlFor } from '../../../lib/named-routes';
import { getJson, postJson, putJson, type Answer } from '../../../lib/request';

const key = ['rosters'] as const;

export const stepNames: Record<RosterStep, string> = {
  school_class_reconciliation: 'Classes',
  teacher_reconciliation: 'Teachers',
  student_reconciliation: 'Students',
  role_reconciliation: 'Roles',
};

export function useRosterSources() {
  return useQuery(
    queryOptions({
      queryKey: [...key, 'sources'],
      queryFn: async ({ signal }) =>
        unwrap(await getJson<Answer<typeof rosterSourcesResponse>>(urlFor('api:roster-sources'), { signal })),
      staleTime: 10 * 60_000,
    }),
  );
}

export function useDatasets(filters: { schoolId?: number | null; year?: number | null }) {
  const params = new URLSearchParams();
  if (filters.schoolId) params.set('school_id', String(filters.schoolId));
  if (filters.year) params.set('calendar_year', String(filters.year));
  return useQuery({
    queryKey: [...key, 'datasets', filters.schoolId ?? null, filters.year ?? null],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof rosterDatasetListResponse>>(`${urlFor('api:roster-datasets')}?${params}`, {
          signal,
        }),
      ),
    // While an apply runs, look again every few seconds: its progress, then its end.
    refetchInterval: (query) => (query.state.data?.datasets.some((d) => d.status === 'applying') ? 3000 : false),
  });
}

export function useDataset(id: number) {
  return useQuery({
    queryKey: [...key, 'dataset', id],
    queryFn: async ({ signal }) =>
      unwrap(await getJson<Answer<typeof rosterDatasetSchema>>(urlFor('api:roster-dataset', { id }), { signal })),
    // While the apply job runs, look again each second until it has finished.
    refetchInterval: (query) => (query.state.data?.status === 'applying' ? 1000 : false),
  });
}

export function useStep(id: number, step: RosterStep) {
  return useQuery({
    queryKey: [...key, 'dataset', id, step],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof rosterStepResponse>>(urlFor('api:roster-step', { id, step }), {
          signal,
        }),
      ),
  });
}

export interface OverrideInput {
  recordId: number;
  action: 'match' | 'create' | 'leave';
  internal_id?: number | null;
}

export function useOverride(id: number, step: RosterStep) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ recordId, ...body }: OverrideInput) =>
      unwrap(
        await putJson<Answer<typeof rosterStepResponse>>(
          urlFor('api:roster-decision', { id, step, recordId }),
          body,
          {},
        ),
      ),
    onSuccess: async (report) => {
      client.setQueryData([...key, 'dataset', id, step], report);
      await client.invalidateQueries({ queryKey: [...key, 'dataset', id] });
    },
  });
}

type Action = 'apply' | 'approve' | 'rollback' | 'retry' | 'confirm-mapping';

export function useDatasetAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action) => {
      if (action === 'confirm-mapping') {
        return unwrap(
          await postJson<Answer<typeof rosterDatasetSchema>>(urlFor('api:roster-confirm-mapping', { id }), {}),
        );
      }
      const route = (
        {
          apply: 'api:roster-apply',
          approve: 'api:roster-approve',
          rollback: 'api:roster-rollback',
          retry: 'api:roster-retry',
        } as const
      )[action];
      type Result = Answer<typeof rosterRollbackResponse> | Answer<typeof rosterApplyResponse>;
      return unwrap(await postJson<Result>(urlFor(route, { id }), {}));
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [...key] });
    },
  });
}

export interface UploadInput {
  source: string;
  schoolId: number;
  year: number;
  files: File[];
}

/**
 * POST /api/v1/rosters/datasets/ with the files and fields, reporting the share of bytes sent (0 to 1). The request
 * helper sends only JSON and cannot report progress, so this uses XMLHttpRequest with the helper's CSRF handling
 * (a refused token is fetched again and the upload sent once more).
 */
export async function uploadRoster(input: UploadInput, onProgress: (fraction: number) => void): Promise<RosterDataset> {
  let token = getCsrfToken() ?? (await refreshCsrfToken());
  for (let resent = false; ; resent = true) {
    const { status, body } = await send(input, token, onProgress);
    if (status === null) throw new RequestFailure(FailureReason.NETWORK_ERROR, null, null);
    if (status >= 200 && status < 300) return rosterDatasetSchema.parse(body);
    if (!resent && isCsrfFailure(status, body)) {
      token = await refreshCsrfToken();
      continue;
    }
    const reason =
      status === 400 || status === 413
        ? FailureReason.BAD_REQUEST
        : status === 401 || status === 403
          ? FailureReason.UNAUTHORIZED_ERROR
          : FailureReason.SYSTEM_ERROR;
    throw new RequestFailure(reason, status, body);
  }
}

function send(input: UploadInput, token: string | null, onProgress: (fraction: number) => void) {
  return new Promise<{ status: number | null; body: unknown }>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlFor('api:roster-datasets'));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token !== null) xhr.setRequestHeader(CSRF_HEADER_NAME, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      void readJsonBody(new Response(xhr.responseText)).then(
        ({ value }) => resolve({ status: xhr.status, body: value }),
        () => resolve({ status: xhr.status, body: null }),
      );
    };
    xhr.onerror = () => resolve({ status: null, body: null });
    const form = new FormData();
    form.append('source', input.source);
    form.append('school_id', String(input.schoolId));
    form.append('calendar_year', String(input.year));
    for (const file of input.files) form.append('file', file, file.name);
    xhr.send(form);
  });
}
