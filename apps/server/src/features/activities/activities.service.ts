import { authorize, can } from '../../platform/authorize';
import { randomBytes } from 'node:crypto';
import {
  type ActivityDetail,
  type AssetUploadFormRequest,
  type ClassResponses,
  DRAWING_ASSET_PREFIX,
  DRAWING_ASSET_TYPES,
  MAX_UPLOAD_BYTES,
  RANDOM_KEY_SUFFIX_LENGTH,
  UPLOAD_PROMPTS,
  type SaveResponseBody,
  type UploadFormResponse,
  type VersionedResponse,
} from '@banksia/contracts/activities';
import type { MultipartFile } from '../../platform/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { audit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { NUL_MESSAGE } from '../../platform/text-guard';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { createUploadForm } from '../../platform/presigned-post';
import { privateFileUrl } from '../../platform/signed-media';
import { deleteFiles, privateStorageFor, storageFor, type WarningLog } from '../../platform/storage';
import { StudentNamer } from '../../platform/student-names';
import { loadClassAccess } from '../classes/index';
import './activities.policy';
import { presentActivity, presentClassStudentResponse, presentResponse } from './activities.presenter';
import * as repo from './activities.repository';
import { sanitizeBlockResponses } from './activities.sanitize';
import type { DrawingAssetResponse } from './activities.schemas';

export const RESPONSE_CONFLICT_DETAIL = 'This response was changed somewhere else. Reload to see the latest version.';

async function requireActivity(deps: AppDeps, activityId: number): Promise<repo.ActivityRow> {
  const activity = await repo.findActivity(deps.db, activityId);
  if (!activity) throw new AppError('not_found', 'No such activity.');
  return activity;
}

/**
 * An activity answered in a class must belong to the class's course; any other is 404 there, so a student's
 * answers (and a teacher's view of them) only ever attach to activities the class can see.
 */
async function requireActivityInClass(
  deps: AppDeps,
  activityId: number,
  klass: { course_id: number },
): Promise<repo.ActivityRow> {
  const activity = await requireActivity(deps, activityId);
  if (activity.courseId !== klass.course_id) throw new AppError('not_found', 'No such activity in this class.');
  return activity;
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
  if (own && !can(actor, 'activity.respond', access)) {
    throw new AppError('forbidden', 'Only students of the class have a response; pass profile_id to read one.');
  }
  if (!own) authorize(actor, 'class.teach', access);
  const activity = await requireActivityInClass(deps, key.activityId, access.klass);
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
  authorize(
    actor,
    'activity.respond',
    access,
    new AppError('forbidden', 'Only the student who owns this response can change it.'),
  );
  const activity = await requireActivityInClass(deps, key.activityId, access.klass);
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
    // A student of the class (activity.respond above).
    profileId: access.studentProfileId!,
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

/**
 * Every student of a class with their response to an activity, for the class's teachers (the teacher's class view,
 * refreshed every RESPONSES_REFRESH_MS). One query whatever the class size.
 */
export async function classResponses(
  deps: AppDeps,
  actor: Actor,
  key: { activityId: number; classId: number; anonymise?: boolean },
): Promise<ClassResponses> {
  const access = await loadClassAccess(deps, actor, key.classId);
  authorize(actor, 'class.teach', access);
  const activity = await requireActivityInClass(deps, key.activityId, access.klass);
  const rows = await repo.classResponses(deps.db, {
    activityId: activity.id,
    classId: access.klass.id,
    schoolId: access.klass.school_id,
  });
  const namer = StudentNamer.create(
    key.anonymise ?? false,
    rows.map((r) => r.profile_id),
    deps.clock.now(),
  );
  const students = rows.map((row) => presentClassStudentResponse(row, namer));
  return { students: namer.anonymised ? namer.sort(students, (s) => s) : students };
}

/**
 * Clears every response to an activity (spec §7), then, once that is committed, deletes the files uploaded into
 * them from private storage. A file that cannot be deleted is logged and left behind; the responses stay cleared.
 */
export async function clearResponses(deps: AppDeps, actor: Actor, activityId: number, log: WarningLog): Promise<void> {
  await requireActivity(deps, activityId);
  const fileKeys = await deps.db.transaction(async (tx) => {
    const { count, fileKeys } = await repo.deleteResponses(tx, activityId);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'activity.clear_responses',
      entityType: 'activity',
      entityId: activityId,
      before: { responses: count, files: fileKeys.length },
    });
    return fileKeys;
  });
  await deleteFiles(privateStorageFor(deps.config), fileKeys, log);
}

/** A response and its block, for the response's owner only (uploads). */
async function ownResponseBlock(deps: AppDeps, actor: Actor, responseId: number, blockId: string) {
  const response = await repo.findResponse(deps.db, responseId);
  if (!response) throw new AppError('not_found', 'No such response.');
  authorize(actor, 'response.upload', { owns: await repo.profileOfUser(deps.db, response.profileId, actor.userId) });
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

export interface UploadedFile {
  data: Buffer;
  /** Detected from the bytes; undefined when they show no known type (text, SVG…). */
  mime: string | undefined;
  filename: string;
}

/**
 * The bytes of a multipart file part named `file` and the type its content (not its name) shows: no file, another
 * field name or an empty file is a 400, more than MAX_UPLOAD_BYTES a 413 (the multipart limit stops reading there).
 */
export async function readUploadedFile(file: MultipartFile | undefined): Promise<UploadedFile> {
  if (!file || file.fieldname !== 'file') throw new AppError('bad_request', UPLOAD_PROMPTS.select);
  if (file.filename.includes('\u0000')) {
    throw new AppError('validation_failed', undefined, { errors: { file: [NUL_MESSAGE] } });
  }
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
  return { data, mime: (await fileTypeFromBuffer(data))?.mime, filename: file.filename };
}

/**
 * Stores a student's file for a file-upload block: one file of at most MAX_UPLOAD_BYTES whose bytes (not its name)
 * show an accepted type, in private storage under uploads/school-{id}/user-{id}/; its key, name, size and type go
 * into the block's response. The file it replaces is then deleted (a failure is logged); if the response was
 * cleared meanwhile, the new file is deleted instead and the answer is 404.
 */
export async function uploadFile(
  deps: AppDeps,
  actor: Actor,
  key: { activityResponseId: number; blockId: string },
  file: MultipartFile | undefined,
  log: WarningLog,
): Promise<{ file_key: string }> {
  const response = await ownResponseBlock(deps, actor, key.activityResponseId, key.blockId);
  const { data, mime, filename } = await readUploadedFile(file);
  if (!mime || !isAcceptedUpload(mime)) throw new AppError('bad_request', UPLOAD_PROMPTS.wrongType);
  const fileKey = `uploads/school-${response.schoolId}/user-${actor.userId}/${randomSuffix()}-${safeFileName(filename)}`;
  const storage = privateStorageFor(deps.config);
  const { size } = await storage.put(fileKey, data, mime);
  // Locked while read and written, so of two uploads into one block each deletes the file the other replaced.
  const replaced = await deps.db.transaction(async (tx) => {
    const current = await repo.lockResponse(tx, response.id);
    if (!current) return null;
    await repo.recordUpload(
      tx,
      response.id,
      key.blockId,
      { file_key: fileKey, fileName: filename.slice(0, 255), size, type: mime },
      deps.clock.now(),
    );
    return { previousKey: current.blockResponses[key.blockId]?.file_key };
  });
  if (!replaced) {
    await deleteFiles(storage, [fileKey], log);
    throw new AppError('not_found', 'No such response.');
  }
  if (replaced.previousKey && replaced.previousKey !== fileKey) {
    await deleteFiles(storage, [replaced.previousKey], log);
  }
  return { file_key: fileKey };
}

/**
 * A signed link (5 minutes) to a block's uploaded file, for the response's owner and the class's teachers: a
 * presigned GET with S3, a /media-signed/ link on the local disk.
 */
export async function fileUrl(
  deps: AppDeps,
  actor: Actor,
  key: { activityResponseId: number; blockId: string },
): Promise<{ url: string }> {
  const response = await repo.findResponse(deps.db, key.activityResponseId);
  if (!response) throw new AppError('not_found', 'No such response.');
  const own = await repo.profileOfUser(deps.db, response.profileId, actor.userId);
  // The class is looked up only for someone else's response: an owner reads their file even from a locked class.
  if (!own) authorize(actor, 'class.teach', await loadClassAccess(deps, actor, response.classId));
  const fileKey = response.blockResponses[key.blockId]?.file_key;
  if (!fileKey) throw new AppError('not_found', 'No file has been uploaded for this block.');
  return { url: await privateFileUrl(deps, fileKey) };
}

const DRAWING_ASSET_TYPES_MESSAGE = `Allowed types: ${DRAWING_ASSET_TYPES.join(', ')}.`;

function isDrawingAssetType(mime: string | undefined): mime is (typeof DRAWING_ASSET_TYPES)[number] {
  return !!mime && (DRAWING_ASSET_TYPES as readonly string[]).includes(mime);
}

/**
 * The public storage key of a user's drawing image (both upload paths): the drawing prefix, the user's own folder,
 * then the client's name for the image made safe. A user can therefore only ever write into their own folder.
 */
export function drawingAssetKey(userId: number, name: string): string {
  return `${DRAWING_ASSET_PREFIX}user-${userId}/${safeFileName(name)}`;
}

const DRAWING_ASSET_ID = new RegExp(`^[a-z0-9]{${RANDOM_KEY_SUFFIX_LENGTH}}$`);

/**
 * A drawing asset's id as the client made it (spec §7, §9: 8 random [a-z0-9] characters), given alone or as the full
 * key (DRAWING_ASSET_PREFIX then the id); null for anything else.
 */
export function normaliseDrawingAssetId(value: string): string | null {
  const id = value.startsWith(DRAWING_ASSET_PREFIX) ? value.slice(DRAWING_ASSET_PREFIX.length) : value;
  return DRAWING_ASSET_ID.test(id) ? id : null;
}

/**
 * Stores a drawing image sent through the API (named route api:activities:upload-user-drawing-asset, spec §7): a
 * multipart form of `assetId` and `file`, an image by content (png, jpeg, webp or gif; never SVG, as the store is
 * public) of at most MAX_UPLOAD_BYTES. It goes to the public storage under the user's drawing folder; sending the
 * same assetId again replaces the image, so a client may retry. The route reads the form (the last file wins).
 */
export async function uploadDrawingAsset(
  deps: AppDeps,
  actor: Actor,
  form: { fields: Record<string, string>; upload: UploadedFile | undefined },
): Promise<DrawingAssetResponse> {
  const { fields, upload } = form;
  const assetId = normaliseDrawingAssetId(fields.assetId ?? '');
  if (!assetId) {
    throw new AppError('validation_failed', undefined, {
      errors: {
        assetId: [
          `The asset id must be ${RANDOM_KEY_SUFFIX_LENGTH} characters a-z or 0-9, alone or after ${DRAWING_ASSET_PREFIX}.`,
        ],
      },
    });
  }
  if (!upload) throw new AppError('bad_request', UPLOAD_PROMPTS.select);
  if (!isDrawingAssetType(upload.mime)) throw new AppError('bad_request', DRAWING_ASSET_TYPES_MESSAGE);
  const key = drawingAssetKey(actor.userId, assetId);
  const storage = storageFor(deps.config);
  await storage.put(key, upload.data, upload.mime);
  return { asset_id: assetId, key, url: storage.publicUrl(key) };
}

/**
 * A presigned-POST form for a drawing image (spec §7). The client's key must start with the drawing prefix; the
 * stored key puts the user's folder after it, so a form can only ever write into its own user's folder. The policy
 * fixes that exact key, the image type and 1 byte to 30MB, for 5 minutes: S3's own form when S3 is configured,
 * else the local receiver's (platform/presigned-post.ts).
 */
export async function assetUploadForm(
  deps: AppDeps,
  actor: Actor,
  body: AssetUploadFormRequest,
): Promise<UploadFormResponse> {
  const errors: Record<string, string[]> = {};
  if (!body.key.startsWith(DRAWING_ASSET_PREFIX) || body.key.length === DRAWING_ASSET_PREFIX.length) {
    errors.key = [`The key must start with ${DRAWING_ASSET_PREFIX}.`];
  }
  if (!isDrawingAssetType(body.content_type)) errors.content_type = [DRAWING_ASSET_TYPES_MESSAGE];
  if (Object.keys(errors).length) throw new AppError('validation_failed', undefined, { errors });
  return createUploadForm(deps, {
    key: drawingAssetKey(actor.userId, body.key.slice(DRAWING_ASSET_PREFIX.length)),
    contentType: body.content_type,
    minBytes: 1,
    maxBytes: MAX_UPLOAD_BYTES,
  });
}
