import type { classListPreviewSchema, ClassListPreview } from '@banksia/contracts/classes';
import { useMutation } from '@tanstack/react-query';
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

export function usePreviewClassList() {
  return useMutation({ mutationFn: previewClassList });
}
