import type { refundRunResponse, RefundRun } from '@banksia/contracts/payments-admin';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';

/** Drafts a refund run of the year's refunds owed (POST api:refund-runs); useRefundRunAction is its hook. */
export async function createRefundRun(calendarYear: number): Promise<RefundRun> {
  return unwrap(await postJson<Answer<typeof refundRunResponse>>(urlFor('api:refund-runs', { calendarYear }), {}));
}
