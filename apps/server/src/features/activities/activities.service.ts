import { randomBytes } from 'node:crypto';
import {
  type AssetUploadFormRequest,
  DRAWING_ASSET_PREFIX,
  MAX_UPLOAD_BYTES,
  RANDOM_KEY_SUFFIX_LENGTH,
  UPLOAD_PROMPTS,
  type UploadFormResponse,
} from '@banksia/contracts/activities';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { audit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { createPresignedPost } from '../../platform/presigned-post';
import { signedMediaUrl } from '../../platform/signed-media';
import { privateStorageFor } from '../../platform/storage';
import { canTeach, loadClassAccess } from '../classes/classes.service';
import { presentActivity, presentResponse } from './activities.presenter';
import * as repo from './activities.repository';
import { sanitizeBlockResponses, sanitizeBlocks } from './activities.sanitize';
import {
  type ActivityDetail,
  DRAWING_ASSET_TYPES,
  type CreateActivityBody,
  type SaveResponseBody,
  type UpdateActivityBody,
  type VersionedResponse,
} from './activities.schemas';

export const RESPONSE_CONFLICT_DETAIL = 'This response was changed somewhere else. Reload to see the latest version.';

async function requireActivity(deps: AppDeps, activityId: number): Promise<repo.ActivityRow> {
  const activity = await repo.findActivity(deps.db, activityId);
  if (!activity) throw new AppError('not_found', 'No such activity.');
  return activity;
}

export async function createActivity(deps: AppDeps, actor: Actor, body: CreateActivityBody): Promise<ActivityDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const created = await repo.insertActivity(tx, {
      title: body.title,
      blocks: sanitizeBlocks(body.blocks),
      courseId: body.course_id ?? null,
      lessonId: body.lesson_id ?? null,
      createdBy: actor.userId,
      updatedAt: deps.clock.now(),
    });
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'activity.create',
      entityType: 'activity',
      entityId: created.id,
    });
    return created;
  });
  return presentActivity(row);
}

export async function updateActivity(
  deps: AppDeps,
  actor: Actor,
  activityId: number,
  body: UpdateActivityBody,
): Promise<ActivityDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateActivity(
      tx,
      activityId,
      {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.blocks !== undefined ? { blocks: sanitizeBlocks(body.blocks) } : {}),
        ...(body.course_id !== undefined ? { courseId: body.course_id } : {}),
        ...(body.lesson_id !== undefined ? { lessonId: body.lesson_id } : {}),
      },
      deps.clock.now(),
    );
    if (!updated) throw new AppError('not_found', 'No such activity.');
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'activity.update',
      entityType: 'activity',
      entityId: activityId,
    });
    return updated;
  });
  return presentActivity(row);
}

export async function getActivity(deps: AppDeps, activityId: number): Promise<ActivityDetail> {
  return presentActivity(await requireActivity(deps, activityId));
}

/**
 * A student's response to an activity in a class, created empty (version 0) on first read. Without profile_id it
 * is the caller's own (students of the class only); with it, the class's teachers read a student's on the roster.
 */
export async function getResponse(
  deps: AppDeps,
  actor: Actor,
  key: { activityId: number; classId: number; profileId?: number | undefined },
): Promise<VersionedResponse> {
  const access = await loadClassAccess(deps, actor, key.classId);
  const own = key.profileId === undefined || key.profileId === access.studentProfileId;
  if (own && access.studentProfileId === null) {
    throw new AppError('forbidden', 'Only students of the class have a response; pass profile_id to read one.');
  }
  if (!own && !canTeach(access)) throw new AppError('forbidden');
  const activity = await requireActivity(deps, key.activityId);
  const profileId = own ? access.studentProfileId! : key.profileId!;
  if (!own && !(await repo.isOnRoster(deps.db, access.klass.id, profileId))) {
    throw new AppError('not_found', 'No such student in this class.');
  }
  const row = await repo.ensureResponse(deps.db, {
    schoolId: access.klass.school_id,
    activityId: activity.id,
    classId: access.klass.id,
    profileId,
    now: deps.clock.now(),
  });
  return presentResponse(row);
}

/**
 * Saves a student's own response. The save names the version it edited: a different one is a 409 and nothing is
 * written (the row is locked for the check, so two saves of one version cannot both win).
 */
export async function saveResponse(
  deps: AppDeps,
  actor: Actor,
  key: { activityId: number; classId: number },
  body: SaveResponseBody,
): Promise<VersionedResponse> {
  const access = await loadClassAccess(deps, actor, key.classId);
  if (access.studentProfileId === null) {
    throw new AppError('forbidden', 'Only the student who owns this response can change it.');
  }
  const activity = await requireActivity(deps, key.activityId);
  const blockIds = new Set(activity.blocks.map((b) => b.id));
  const unknown = Object.keys(body.block_responses).filter((id) => !blockIds.has(id));
  if (unknown.length) {
    throw new AppError('validation_failed', undefined, {
      errors: { block_responses: unknown.map((id) => `No block ${id} in this activity.`) },
    });
  }
  const now = deps.clock.now();
  const { id } = await repo.ensureResponse(deps.db, {
    schoolId: access.klass.school_id,
    activityId: activity.id,
    classId: access.klass.id,
    profileId: access.studentProfileId,
    now,
  });
  const saved = await deps.db.transaction(async (tx) => {
    const current = await repo.lockResponse(tx, id);
    if (!current || current.version !== body.version) return null;
    return repo.writeResponse(tx, id, sanitizeBlockResponses(body.block_responses, current.blockResponses), now);
  });
  if (!saved) throw new AppError('conflict', RESPONSE_CONFLICT_DETAIL);
  return presentResponse(saved);
}

/** Clears every response to an activity (spec §7). Uploaded files stay in storage. */
export async function clearResponses(deps: AppDeps, actor: Actor, activityId: number): Promise<void> {
  await requireActivity(deps, activityId);
  await deps.db.transaction(async (tx) => {
    const count = await repo.deleteResponses(tx, activityId);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'activity.clear_responses',
      entityType: 'activity',
      entityId: activityId,
      before: { responses: count },
    });
  });
}

/** A response and its block, for the response's owner only (uploads). */
async function ownResponseBlock(deps: AppDeps, actor: Actor, responseId: number, blockId: string) {
  const response = await repo.findResponse(deps.db, responseId);
  if (!response) throw new AppError('not_found', 'No such response.');
  if (!(await repo.profileOfUser(deps.db, response.profileId, actor.userId))) throw new AppError('forbidden');
  const activity = await requireActivity(deps, response.activityId);
  const block = activity.blocks.find((b) => b.id === blockId);
  if (!block || block.type !== 'file-upload') throw new AppError('not_found', 'No file upload block with that id.');
  return response;
}

/** Accepted by content (spec §5): any image, pdf, doc (an OLE compound file) and docx. */
export function isAcceptedUpload(mime: string | undefined): boolean {
  return (
    !!mime &&
    (mime.startsWith('image/') ||
      mime === 'application/pdf' ||
      mime === 'application/x-cfb' ||
      mime === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  );
}

/** The file's name reduced to characters safe in a storage key (at most 100), never empty. */
export function safeFileName(name: string): string {
  const safe = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return safe || 'file';
}

function randomSuffix(): string {
  return randomBytes(RANDOM_KEY_SUFFIX_LENGTH).toString('hex').slice(0, RANDOM_KEY_SUFFIX_LENGTH);
}

/**
 * Stores a student's file for a file-upload block: one file of at most MAX_UPLOAD_BYTES whose bytes (not its name)
 * show an accepted type, in private storage under uploads/school-{id}/user-{id}/; its key, name, size and type go
 * into the block's response.
 */
export async function uploadFile(
  deps: AppDeps,
  actor: Actor,
  key: { activityResponseId: number; blockId: string },
  file: MultipartFile | undefined,
): Promise<{ file_key: string }> {
  const response = await ownResponseBlock(deps, actor, key.activityResponseId, key.blockId);
  if (!file || file.fieldname !== 'file') throw new AppError('bad_request', UPLOAD_PROMPTS.select);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', UPLOAD_PROMPTS.tooLarge);
    }
    throw err;
  }
  if (data.length > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', UPLOAD_PROMPTS.tooLarge);
  if (data.length === 0) throw new AppError('bad_request', UPLOAD_PROMPTS.select);
  const detected = await fileTypeFromBuffer(data);
  if (!isAcceptedUpload(detected?.mime)) throw new AppError('bad_request', UPLOAD_PROMPTS.wrongType);
  const fileKey = `uploads/school-${response.schoolId}/user-${actor.userId}/${randomSuffix()}-${safeFileName(file.filename)}`;
  const { size } = await privateStorageFor(deps.config).put(fileKey, data, detected!.mime);
  await repo.recordUpload(
    deps.db,
    response.id,
    key.blockId,
    { file_key: fileKey, fileName: file.filename.slice(0, 255), size, type: detected!.mime },
    deps.clock.now(),
  );
  return { file_key: fileKey };
}

/** A signed link (5 minutes) to a block's uploaded file, for the response's owner and the class's teachers. */
export async function fileUrl(
  deps: AppDeps,
  actor: Actor,
  key: { activityResponseId: number; blockId: string },
): Promise<{ url: string }> {
  const response = await repo.findResponse(deps.db, key.activityResponseId);
  if (!response) throw new AppError('not_found', 'No such response.');
  const own = await repo.profileOfUser(deps.db, response.profileId, actor.userId);
  if (!own && !canTeach(await loadClassAccess(deps, actor, response.classId))) throw new AppError('forbidden');
  const fileKey = response.blockResponses[key.blockId]?.file_key;
  if (!fileKey) throw new AppError('not_found', 'No file has been uploaded for this block.');
  return { url: signedMediaUrl(deps.secret, fileKey, deps.clock.now()) };
}

/**
 * A presigned-POST form for a drawing image (spec §7). The client's key must start with the drawing prefix; the
 * stored key puts the user's folder after it, so a form can only ever write into its own user's folder. The policy
 * fixes that key, the image type and 1 byte to 30MB, for 5 minutes.
 */
export function assetUploadForm(deps: AppDeps, actor: Actor, body: AssetUploadFormRequest): UploadFormResponse {
  const errors: Record<string, string[]> = {};
  if (!body.key.startsWith(DRAWING_ASSET_PREFIX) || body.key.length === DRAWING_ASSET_PREFIX.length) {
    errors.key = [`The key must start with ${DRAWING_ASSET_PREFIX}.`];
  }
  if (!(DRAWING_ASSET_TYPES as readonly string[]).includes(body.content_type)) {
    errors.content_type = [`Allowed types: ${DRAWING_ASSET_TYPES.join(', ')}.`];
  }
  if (Object.keys(errors).length) throw new AppError('validation_failed', undefined, { errors });
  const name = safeFileName(body.key.slice(DRAWING_ASSET_PREFIX.length));
  return createPresignedPost(deps.secret, {
    key: `${DRAWING_ASSET_PREFIX}user-${actor.userId}/${name}`,
    contentType: body.content_type,
    minBytes: 1,
    maxBytes: MAX_UPLOAD_BYTES,
    now: deps.clock.now(),
  });
}
