import type { classListResultSchema, ClassListResult } from '@banksia/contracts/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { type ClassListUpload } from './preview-class-list';

/** Applies the class list; the server checks it again first (api:class-list-apply). */
export async function applyClassList({ classId, csv }: ClassListUpload): Promise<ClassListResult> {
  return unwrap(
    await postJson<Answer<typeof classListResultSchema>>(urlFor('api:class-list-apply', { classId }), { csv }),
  );
}

export function useApplyClassList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyClassList,
    onSuccess: async (_result, { classId }) => {
      // Rosters and counts changed.
      await queryClient.invalidateQueries({ queryKey: ['classes'] });
      await queryClient.invalidateQueries({ queryKey: ['classes', 'detail', classId] });
    },
  });
}
