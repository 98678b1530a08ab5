import { randomBytes } from 'node:crypto';
import {
  ACTIVITY_IMAGE_TYPES,
  type ActivityDetail,
  type ActivityImageResponse,
  type ActivityListResponse,
  type ActivityResponsesSummary,
  type CreateActivityBody,
  MAX_ACTIVITY_IMAGE_BYTES,
  type UpdateActivityBody,
} from '@banksia/contracts/activities';
import type { MultipartFile } from '../../platform/multipart';
import { audit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { storageFor } from '../../platform/storage';
import { presentActivity } from './activities.presenter';
import * as repo from './activities.repository';
import * as listing from './activity-authoring.repository';
import { sanitizeBlocks } from './activities.sanitize';
import { readUploadedFile, safeFileName } from './activities.service';

// Content staff's use cases: making and changing activities, finding them and where they are used, the images their
// blocks show. Every write is checked by the contracts' schemas in the route, sanitised here, audited with before and
// after, and done in one transaction.

export const ACTIVITY_CONFLICT_DETAIL =
  'This activity was changed by someone else since you opened it. Load the latest version or keep yours.';

/** Folder of the public store that activity images go into. */
export const ACTIVITY_IMAGE_PREFIX = 'activities/images/';

/** What the audit log keeps of an activity: everything an author can change. */
function auditState(row: repo.ActivityRow) {
  return {
    title: row.title,
    course_id: row.courseId,
    lesson_id: row.lessonId,
    blocks: row.blocks,
    version: row.version,
  };
}

/** A lesson named for an activity must be one of the activity's course (400 on lesson_id otherwise). */
async function checkPlacement(db: Executor, courseId: number | null, lessonId: number | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (courseId !== null && !(await listing.courseExists(db, courseId))) errors.course_id = ['No such course.'];
  if (lessonId !== null) {
    const lessonCourse = await listing.courseOfLesson(db, lessonId);
    if (lessonCourse === null) errors.lesson_id = ['No such lesson.'];
    else if (courseId !== null && lessonCourse !== courseId) errors.lesson_id = ['This lesson is not in the course.'];
  }
  if (Object.keys(errors).length) throw new AppError('validation_failed', undefined, { errors });
}

export async function createActivity(deps: AppDeps, actor: Actor, body: CreateActivityBody): Promise<ActivityDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const courseId = body.course_id ?? null;
    const lessonId = body.lesson_id ?? null;
    await checkPlacement(tx, courseId, lessonId);
    const created = await repo.insertActivity(tx, {
      title: body.title,
      blocks: sanitizeBlocks(body.blocks),
      courseId: courseId ?? (lessonId !== null ? await listing.courseOfLesson(tx, lessonId) : null),
      lessonId,
      createdBy: actor.userId,
      updatedAt: deps.clock.now(),
    });
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'activity.create',
      entityType: 'activity',
      entityId: created.id,
      after: auditState(created),
    });
    return created;
  });
  return presentActivity(row);
}

/**
 * Changes an activity made on `body.version`. The row is locked while checked and written: a change made on an
 * older version is a 409 and writes nothing, so two staff editing one activity never overwrite each other silently.
 */
export async function updateActivity(
  deps: AppDeps,
  actor: Actor,
  activityId: number,
  body: UpdateActivityBody,
): Promise<ActivityDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.lockActivity(tx, activityId);
    if (!current) throw new AppError('not_found', 'No such activity.');
    if (current.version !== body.version) throw new AppError('conflict', ACTIVITY_CONFLICT_DETAIL);
    const courseId = body.course_id !== undefined ? body.course_id : current.courseId;
    const lessonId = body.lesson_id !== undefined ? body.lesson_id : current.lessonId;
    await checkPlacement(tx, courseId, lessonId);
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
      before: auditState(current),
      after: auditState(updated),
    });
    return updated;
  });
  return presentActivity(row);
}

/** Activities whose title matches `q` (or whose id is `#q` or `q`), newest change first, with where each is used. */
export async function listActivities(deps: AppDeps, q: string | undefined): Promise<ActivityListResponse> {
  return listing.listActivities(deps.db, q?.trim() ?? '');
}

/** How many responses (and students) clearing an activity's responses would remove. */
export async function responsesSummary(deps: AppDeps, activityId: number): Promise<ActivityResponsesSummary> {
  if (!(await repo.findActivity(deps.db, activityId))) throw new AppError('not_found', 'No such activity.');
  return listing.responsesSummary(deps.db, activityId);
}

const IMAGE_TYPES_MESSAGE = `The image must be a PNG, JPEG, WebP or GIF file.`;
const IMAGE_TOO_LARGE = `The image must be at most ${MAX_ACTIVITY_IMAGE_BYTES / 1_000_000} MB.`;

/**
 * Stores an image for an image or drag-and-drop image block in the public store: an image by its bytes (PNG, JPEG,
 * WebP or GIF; never SVG) of at most MAX_ACTIVITY_IMAGE_BYTES, under a random name. Audited, as it is published.
 */
export async function uploadActivityImage(
  deps: AppDeps,
  actor: Actor,
  file: MultipartFile | undefined,
): Promise<ActivityImageResponse> {
  const upload = await readUploadedFile(file);
  if (upload.data.length > MAX_ACTIVITY_IMAGE_BYTES) throw new AppError('payload_too_large', IMAGE_TOO_LARGE);
  if (!upload.mime || !(ACTIVITY_IMAGE_TYPES as readonly string[]).includes(upload.mime)) {
    throw new AppError('bad_request', IMAGE_TYPES_MESSAGE);
  }
  const key = `${ACTIVITY_IMAGE_PREFIX}${randomBytes(8).toString('hex')}-${safeFileName(upload.filename)}`;
  const storage = storageFor(deps.config);
  await storage.put(key, upload.data, upload.mime);
  await audit(deps.db, {
    actorUserId: actor.userId,
    action: 'activity.image_upload',
    entityType: 'activity_image',
    entityId: key,
    after: { key, type: upload.mime, size: upload.data.length, name: upload.filename.slice(0, 255) },
  });
  return { key, url: storage.publicUrl(key) };
}
