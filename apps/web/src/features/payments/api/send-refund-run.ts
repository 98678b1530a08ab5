import type { refundRunResponse, RefundRun } from '@banksia/contracts/payments-admin';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';

/** Sends a refund run (POST api:refund-run-send); useRefundRunAction is its hook. */
export async function sendRefundRun(runId: number): Promise<RefundRun> {
  return unwrap(await postJson<Answer<typeof refundRunResponse>>(urlFor('api:refund-run-send', { runId }), {}));
}
