import type { withdrawStudentResponse, WithdrawStudentResponse } from '@banksia/contracts/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { managedClassesKey } from './get-managed-classes';

/** Withdraws a student from a class (school admins): their place is kept as REMOVED, a paid fee is credited. */
export async function withdrawStudent(classId: number, profileId: number): Promise<WithdrawStudentResponse> {
  return unwrap(
    await postJson<Answer<typeof withdrawStudentResponse>>(
      urlFor('api:class-withdraw-student', { classId, profileId }),
      {},
    ),
  );
}

export function useWithdrawStudent(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: number) => withdrawStudent(classId, profileId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['classes', 'detail', classId] }),
        queryClient.invalidateQueries({ queryKey: managedClassesKey }),
      ]),
  });
}
