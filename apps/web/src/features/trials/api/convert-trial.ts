import type { trialClassSchema, TrialClass } from '@banksia/contracts/trials';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { useInvalidatingMutation } from './use-trials-write';

/** Converts a trial to a normal class. */
export function useConvertTrial() {
  return useInvalidatingMutation(async (classId: number): Promise<TrialClass> =>
    unwrap(
      await postJson<Answer<typeof trialClassSchema>>(urlFor('api:admin-trial-convert', { classId }), undefined, {}),
    ),
  );
}
