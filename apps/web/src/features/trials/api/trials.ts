import {
  setupTeacherTrialResponse,
  trialAccountsResponse,
  trialClassSchema,
  trialListResponse,
  type CreateStudentTrialBody,
  type CreateTrialAccountsBody,
  type SetupTeacherTrialBody,
  type TrialClass,
  type TrialClassType,
} from '@banksia/contracts/trials';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, postJson } from '../../../lib/request';

const trialsKey = ['trials'] as const;

/** Trial classes of a type, newest first (api:admin-trials). */
export function trialsQueryOptions(classType: TrialClassType) {
  return queryOptions({
    queryKey: [...trialsKey, classType],
    queryFn: async ({ signal }) =>
      unwrap(
        await getJson(`${urlFor('api:admin-trials')}?class_type=${classType}`, {
          signal,
          transform: (body) => trialListResponse.parse(body),
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
    unwrap(
      await postJson(urlFor('api:admin-teacher-trial'), body, {
        transform: (answer) => setupTeacherTrialResponse.parse(answer),
      }),
    ),
  );
}

/** Makes a student trial class (POST api:admin-student-trial). */
export function useCreateStudentTrial() {
  return useInvalidatingMutation(async (body: CreateStudentTrialBody) =>
    unwrap(
      await postJson(urlFor('api:admin-student-trial'), body, {
        transform: (answer) => trialClassSchema.parse(answer),
      }),
    ),
  );
}

/** Makes a batch of anonymous accounts; the answer is the only time their passwords are seen. */
export function useCreateTrialAccounts() {
  return useInvalidatingMutation(async (body: CreateTrialAccountsBody) =>
    unwrap(
      await postJson(urlFor('api:admin-trial-accounts'), body, {
        transform: (answer) => trialAccountsResponse.parse(answer),
      }),
    ),
  );
}

/** Moves a trial's expiry date. */
export function useExtendTrial() {
  return useInvalidatingMutation(
    async ({ classId, expirationDate }: { classId: number; expirationDate: string }): Promise<TrialClass> =>
      unwrap(
        await postJson(
          urlFor('api:admin-trial-extend', { classId }),
          { expiration_date: expirationDate },
          { transform: (answer) => trialClassSchema.parse(answer) },
        ),
      ),
  );
}

/** Converts a trial to a normal class. */
export function useConvertTrial() {
  return useInvalidatingMutation(async (classId: number): Promise<TrialClass> =>
    unwrap(
      await postJson(urlFor('api:admin-trial-convert', { classId }), undefined, {
        transform: (answer) => trialClassSchema.parse(answer),
      }),
    ),
  );
}
