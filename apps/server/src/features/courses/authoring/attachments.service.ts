import { randomBytes } from 'node:crypto';
import { MAX_ATTACHMENT_BYTES, type UpdateAttachmentBody } from '@banksia/contracts/authoring-courses';
import type { MultipartFile } from '../../../platform/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { audit } from '../../../platform/audit';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { deleteFiles, storageFor, type WarningLog } from '../../../platform/storage';
import * as repo from './authoring.repository';
import { claimCourse, courseDetail } from './course-detail.service';

/** A course's attachments: PDFs uploaded into the tree, and their title and flags. */

/** PATCH api:admin-course-attachment: title, additional materials and premium flags of an attachment. */
export async function updateAttachment(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  attachmentId: number,
  body: UpdateAttachmentBody,
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findAttachment(tx, courseId, attachmentId);
    if (!before) throw new AppError('not_found', 'No such attachment.');
    await claimCourse(tx, courseId, body.version);
    const after = await repo.updateAttachment(tx, attachmentId, {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.additional_materials !== undefined && { additionalMaterials: body.additional_materials }),
      ...(body.is_premium !== undefined && { isPremium: body.is_premium }),
    });
    const shown = (a: typeof before) => ({
      title: a.title,
      additional_materials: a.additionalMaterials,
      is_premium: a.isPremium,
    });
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'update_attachment',
      entityType: 'attachment',
      entityId: attachmentId,
      before: shown(before),
      after: shown(after),
      ip,
    });
    return courseDetail(deps, courseId, tx);
  });
}

function invalidUpload(field: string, message: string): AppError {
  return new AppError('validation_failed', undefined, { errors: { [field]: [message] } });
}

/** The fields of the attachment form, read from its multipart parts (the file last). */
export interface AttachmentUpload {
  fields: Record<string, string>;
  file: MultipartFile | undefined;
}

/** The uploaded file's bytes: 413 over MAX_ATTACHMENT_BYTES, 400 when empty or not a PDF (checked by its bytes). */
async function pdfBytes(file: MultipartFile): Promise<Buffer> {
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', 'The file is larger than 25 MB.');
    }
    throw err;
  }
  if (data.length === 0) throw invalidUpload('file', 'The file is empty.');
  if (data.length > MAX_ATTACHMENT_BYTES) throw new AppError('payload_too_large', 'The file is larger than 25 MB.');
  if ((await fileTypeFromBuffer(data))?.mime !== 'application/pdf')
    throw invalidUpload('file', 'Only PDF files can be attached.');
  return data;
}

/**
 * POST api:admin-course-attachments: a PDF (checked by its bytes, at most MAX_ATTACHMENT_BYTES) stored through the
 * storage adapter and placed at the end of the course (or under `parent_node_id`). The file is written before the
 * transaction; if the transaction fails (a stale version), the file is removed again.
 */
export async function uploadAttachment(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  upload: AttachmentUpload,
  ip: string,
  log: WarningLog,
) {
  const { fields, file } = upload;
  const version = Number(fields.version);
  if (!Number.isInteger(version) || version < 1) throw invalidUpload('version', 'A valid integer is required.');
  const title = (fields.title ?? '').trim();
  if (!title) throw invalidUpload('title', 'This field may not be blank.');
  if (title.length > 200) throw invalidUpload('title', 'Ensure this field has no more than 200 characters.');
  if (!file || file.fieldname !== 'file') throw invalidUpload('file', 'Choose a PDF file.');
  const data = await pdfBytes(file);
  const fileName =
    file.filename
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(-100) || 'attachment.pdf';
  const key = `attachments/course-${courseId}/${randomBytes(8).toString('hex')}-${fileName}`;
  const storage = storageFor(deps.config);
  const { size } = await storage.put(key, data, 'application/pdf');
  try {
    return await deps.db.transaction(async (tx) => {
      await claimCourse(tx, courseId, version);
      const parentNodeId = fields.parent_node_id ? Number(fields.parent_node_id) : null;
      const nodes = await repo.nodesOfCourse(tx, courseId);
      const parent =
        parentNodeId === null
          ? await repo.ensureRootNode(tx, courseId)
          : nodes.find((n) => n.id === parentNodeId && n.nodeType !== 'exam' && n.nodeType !== 'attachment');
      if (!parent) throw invalidUpload('parent_node_id', 'No such place in this course.');
      const attachment = await repo.insertAttachment(tx, {
        courseId,
        title,
        storageKey: key,
        fileName,
        contentType: 'application/pdf',
        size,
        additionalMaterials: fields.additional_materials === 'true',
        isPremium: fields.is_premium === 'true',
      });
      await repo.appendNode(tx, courseId, parent.id, 'attachment', attachment.id);
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'upload_attachment',
        entityType: 'attachment',
        entityId: attachment.id,
        after: { course_id: courseId, title, file_name: fileName, size, key },
        ip,
      });
      return courseDetail(deps, courseId, tx);
    });
  } catch (error) {
    await deleteFiles(storage, [key], log);
    throw error;
  }
}
