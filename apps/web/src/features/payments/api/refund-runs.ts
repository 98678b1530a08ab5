import type { refundRunResponse, refundRunsResponse, RefundRunsList } from '@banksia/contracts/payments-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, postJson, type Answer } from '../../../lib/request';

const key = ['payments-admin', 'refund-runs'] as const;

export function refundRunsQuery(calendarYear: number) {
  return queryOptions({
    queryKey: [...key, calendarYear],
    queryFn: async ({ signal }): Promise<RefundRunsList> =>
      unwrap(
        await getJson<Answer<typeof refundRunsResponse>>(urlFor('api:refund-runs', { calendarYear }), {
          signal,
        }),
      ),
  });
}

export const useRefundRuns = (calendarYear: number) => useQuery(refundRunsQuery(calendarYear));

type Action = { kind: 'create'; calendarYear: number } | { kind: 'approve' | 'send' | 'cancel'; runId: number };

/** Creates a draft run, or approves, sends or cancels one; then reloads the runs and the reports. */
export function useRefundRunAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action) => {
      const url =
        action.kind === 'create'
          ? urlFor('api:refund-runs', { calendarYear: action.calendarYear })
          : urlFor(`api:refund-run-${action.kind}`, { runId: action.runId });
      return unwrap(await postJson<Answer<typeof refundRunResponse>>(url, {}));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['payments-admin'] }),
  });
}
