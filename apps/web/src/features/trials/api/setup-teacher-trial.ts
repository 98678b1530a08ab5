import type { setupTeacherTrialResponse, SetupTeacherTrialBody } from '@banksia/contracts/trials';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { useInvalidatingMutation } from './use-trials-write';

/** Sets up a teacher trial (POST api:admin-teacher-trial). */
export function useSetupTeacherTrial() {
  return useInvalidatingMutation(async (body: SetupTeacherTrialBody) =>
    unwrap(await postJson<Answer<typeof setupTeacherTrialResponse>>(urlFor('api:admin-teacher-trial'), body, {})),
  );
}
