import type { managedClassSchema, ManagedClass } from '@banksia/contracts/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { managedClassesKey } from './get-managed-classes';

/** Gives the class a new activation link; the old one stops working (api:class-activation-code). */
export async function regenerateActivationCode(classId: number): Promise<ManagedClass> {
  return unwrap(
    await postJson<Answer<typeof managedClassSchema>>(urlFor('api:class-activation-code', { classId }), {}),
  );
}

export function useRegenerateActivationCode(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateActivationCode(classId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managedClassesKey }),
  });
}
