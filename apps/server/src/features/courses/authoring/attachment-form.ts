import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { AttachmentUpload } from './attachments.service';

/**
 * Reads the attachment form's multipart parts (version, title, additional_materials, is_premium, parent_node_id,
 * then file) and hands them to `use`. The file comes last and is handed over while its stream is still open; a form
 * without a file is handed over as it is, so the service names the missing field.
 */
export async function readAttachmentForm<T>(
  request: FastifyRequest,
  use: (upload: AttachmentUpload) => Promise<T>,
): Promise<T> {
  const fields: Record<string, string> = {};
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') return use({ fields, file: part as MultipartFile });
      fields[part.fieldname] = String(part.value);
    }
  }
  return use({ fields, file: undefined });
}
