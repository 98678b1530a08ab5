import type { trialClassSchema, CreateStudentTrialBody } from '@banksia/contracts/trials';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { useInvalidatingMutation } from './use-trials-write';

/** Makes a student trial class (POST api:admin-student-trial). */
export function useCreateStudentTrial() {
  return useInvalidatingMutation(async (body: CreateStudentTrialBody) =>
    unwrap(await postJson<Answer<typeof trialClassSchema>>(urlFor('api:admin-student-trial'), body, {})),
  );
}
