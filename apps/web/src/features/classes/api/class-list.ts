import type {
  classListPreviewSchema,
  classListResultSchema,
  ClassListPreview,
  ClassListResult,
} from '@banksia/contracts/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';

export interface ClassListUpload {
  classId: number;
  /** The file's text. */
  csv: string;
}

/** What the class list would do, row by row; nothing is written (api:class-list-preview). */
export async function previewClassList({ classId, csv }: ClassListUpload): Promise<ClassListPreview> {
  return unwrap(
    await postJson<Answer<typeof classListPreviewSchema>>(urlFor('api:class-list-preview', { classId }), { csv }),
  );
}

/** Applies the class list; the server checks it again first (api:class-list-apply). */
export async function applyClassList({ classId, csv }: ClassListUpload): Promise<ClassListResult> {
  return unwrap(
    await postJson<Answer<typeof classListResultSchema>>(urlFor('api:class-list-apply', { classId }), { csv }),
  );
}

export function usePreviewClassList() {
  return useMutation({ mutationFn: previewClassList });
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
