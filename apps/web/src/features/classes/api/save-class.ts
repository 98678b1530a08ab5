import type { ClassEditBody, ManagedClass } from '@banksia/contracts/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { patchJson, postJson } from '../../../lib/request';
import { managedClassesKey } from './get-managed-classes';

export type SaveClassTarget = { schoolId: number; classId: null } | { schoolId: number; classId: number };

/** Creates a class at a school (classId null) or edits one (api:class-management-classes / -class). */
export async function saveClass(target: SaveClassTarget, body: ClassEditBody): Promise<ManagedClass> {
  return unwrap(
    target.classId === null
      ? await postJson<ManagedClass>(urlFor('api:class-management-classes', { schoolId: target.schoolId }), body)
      : await patchJson<ManagedClass>(urlFor('api:class-management-class', { classId: target.classId }), body),
  );
}

export function useSaveClass(target: SaveClassTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassEditBody) => saveClass(target, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: managedClassesKey });
      await queryClient.invalidateQueries({ queryKey: ['classes', 'uploader'] });
    },
  });
}
