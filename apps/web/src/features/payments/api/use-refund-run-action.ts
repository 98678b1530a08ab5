import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveRefundRun } from './approve-refund-run';
import { cancelRefundRun } from './cancel-refund-run';
import { createRefundRun } from './create-refund-run';
import { paymentsAdminKey } from './query-keys';
import { sendRefundRun } from './send-refund-run';

type Action = { kind: 'create'; calendarYear: number } | { kind: 'approve' | 'send' | 'cancel'; runId: number };

const calls = { approve: approveRefundRun, send: sendRefundRun, cancel: cancelRefundRun };

/**
 * Creates a draft run, or approves, sends or cancels one; then reloads the runs and the reports. One mutation for the
 * four calls, so the page shows one error and which button is busy.
 */
export function useRefundRunAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) =>
      action.kind === 'create' ? createRefundRun(action.calendarYear) : calls[action.kind](action.runId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsAdminKey }),
  });
}
