import type { trialAccountsResponse, CreateTrialAccountsBody } from '@banksia/contracts/trials';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { useInvalidatingMutation } from './use-trials-write';

/** Makes a batch of anonymous accounts; the answer is the only time their passwords are seen. */
export function useCreateTrialAccounts() {
  return useInvalidatingMutation(async (body: CreateTrialAccountsBody) =>
    unwrap(await postJson<Answer<typeof trialAccountsResponse>>(urlFor('api:admin-trial-accounts'), body, {})),
  );
}
