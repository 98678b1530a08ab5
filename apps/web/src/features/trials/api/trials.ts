import type {
  setupTeacherTrialResponse,
  trialAccountsResponse,
  trialClassSchema,
  trialListResponse,
  CreateStudentTrialBody,
  CreateTrialAccountsBody,
  SetupTeacherTrialBody,
  TrialClass,
  TrialClassType,
} from '@banksia/contracts/trials';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, postJson, type Answer } from '../../../lib/request';

const trialsKey = ['trials'] as const;

/** Trial classes of a type, newest first (api:admin-trials). */
export function trialsQueryOptions(classType: TrialClassType) {
  return queryOptions({
    queryKey: [...trialsKey, classType],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson<Answer<typeof trialListResponse>>(`${urlFor('api:admin-trials')}?class_type=${classType}`, {
          signal,
        }),
      ).results,
  });
}

export function useTrials(classType: TrialClassType) {
  return useQuery(trialsQueryOptions(classType));
}

function useInvalidatingMutation<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trialsKey }),
  });
}

/** Sets up a teacher trial (POST api:admin-teacher-trial). */
export function useSetupTeacherTrial() {
  return useInvalidatingMutation(async (body: SetupTeacherTrialBody) =>
    unwrap(await postJson<Answer<typeof setupTeacherTrialResponse>>(urlFor('api:admin-teacher-trial'), body, {})),
  );
}

/** Makes a student trial class (POST api:admin-student-trial). */
export function useCreateStudentTrial() {
  return useInvalidatingMutation(async (body: CreateStudentTrialBody) =>
    unwrap(await postJson<Answer<typeof trialClassSchema>>(urlFor('api:admin-student-trial'), body, {})),
  );
}

/** Makes a batch of anonymous accounts; the answer is the only time their passwords are seen. */
export function useCreateTrialAccounts() {
  return useInvalidatingMutation(async (body: CreateTrialAccountsBody) =>
    unwrap(await postJson<Answer<typeof trialAccountsResponse>>(urlFor('api:admin-trial-accounts'), body, {})),
  );
}

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

/** Converts a trial to a normal class. */
export function useConvertTrial() {
  return useInvalidatingMutation(async (classId: number): Promise<TrialClass> =>
    unwrap(
      await postJson<Answer<typeof trialClassSchema>>(urlFor('api:admin-trial-convert', { classId }), undefined, {}),
    ),
  );
}
