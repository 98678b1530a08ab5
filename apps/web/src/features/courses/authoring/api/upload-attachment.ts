import { adminCourseDetailResponse, type AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { FailureReason } from '@banksia/contracts/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RequestFailure } from '../../../../components/request-failure';
import { CSRF_HEADER_NAME, getCsrfToken, refreshCsrfToken } from '../../../../lib/csrf';
import { urlFor } from '../../../../lib/named-routes';
import { adminCourseQueryOptions } from './get-course';

export interface AttachmentUploadInput {
  version: number;
  title: string;
  additionalMaterials: boolean;
  isPremium: boolean;
  file: File;
}

/**
 * Uploads a PDF attachment (multipart POST api:admin-course-attachments): the fields first, the file last. The
 * request helper sends only JSON, so this posts the form itself with the helper's CSRF token.
 */
export async function uploadAttachment(courseId: number, input: AttachmentUploadInput): Promise<AdminCourseDetail> {
  const form = new FormData();
  form.set('version', String(input.version));
  form.set('title', input.title);
  form.set('additional_materials', String(input.additionalMaterials));
  form.set('is_premium', String(input.isPremium));
  form.set('file', input.file);
  const token = getCsrfToken() ?? (await refreshCsrfToken());
  let response: Response;
  try {
    response = await fetch(urlFor('api:admin-course-attachments', { courseId }), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: token ? { [CSRF_HEADER_NAME]: token } : {},
    });
  } catch {
    throw new RequestFailure(FailureReason.NETWORK_ERROR, null, null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new RequestFailure(FailureReason.SYSTEM_ERROR, response.status, body);
  return adminCourseDetailResponse.parse(body);
}

export function useUploadAttachment(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AttachmentUploadInput) => uploadAttachment(courseId, input),
    onSuccess: (answer) => queryClient.setQueryData(adminCourseQueryOptions(courseId).queryKey, answer),
  });
}
