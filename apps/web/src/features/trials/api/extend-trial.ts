import type { trialClassSchema, TrialClass } from '@banksia/contracts/trials';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { useInvalidatingMutation } from './use-trials-write';

/** Moves a trial's expiry date. */
export function useExtendTrial() {
  return useInvalidatingMutation(
    async ({ classId, expirationDate }: { classId: number; expirationDate: string }): Promise<TrialClass> =>
      unwrap(
        await postJson<Answer<typeof trialClassSchema>>(urlFor('api:admin-trial-extend', { classId }), {
          expiration_date: expirationDate,
        }),
      ),
  );
}
