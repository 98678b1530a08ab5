import { randomBytes } from 'node:crypto';
import type {
  AddTreeItemBody,
  AdminCourse,
  AdminCourseDetail,
  AdminCourses,
  AdminCoursesQuery,
  AdminOverview,
  AuthoringTreeNode,
  CreateCourseBody,
  CreateCourseResponse,
  ReorderChildrenBody,
  UpdateAttachmentBody,
  UpdateCourseBody,
  UpdateSectionBody,
} from '@banksia/contracts/authoring-courses';
import { MAX_ATTACHMENT_BYTES } from '@banksia/contracts/authoring-courses';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { courses } from '../../db/schema/index';
import { audit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { deleteFiles, storageFor, type WarningLog } from '../../platform/storage';
import * as repo from './course-authoring.repository';
import { copyCourseContent } from './course-copy';
import { findCourse, type CourseRow } from './courses.repository';

/**
 * Course authoring by content staff: the wizard (create empty or as a copy), the course list and editor (details,
 * flags, the tree, attachments). Every write runs in one transaction, names the course version it was made on
 * (a stale one is a 409 that changes nothing), and is audited with before and after.
 *
 * Students' pages read the course from the database on every request (there is no server-side course cache), so a
 * change shows on their next page load.
 */

export const STALE_COURSE = 'Someone else changed this course since you opened it. Reload to see their changes.';

export function presentAdminCourse(c: CourseRow): AdminCourse {
  return {
    id: c.id,
    title: c.title,
    slug: c.slug,
    subject: c.subject,
    year_published: c.yearPublished,
    default_year_level: c.defaultYearLevel,
    curriculum: c.curriculum,
    has_textbook: c.hasTextbook,
    show_student_notes: c.showStudentNotes,
    is_published: c.isPublished,
    feature_sets: c.featureSets,
    version: c.version,
  };
}

function slugTaken(title: string): AppError {
  return new AppError('validation_failed', undefined, {
    errors: { slug: [`This slug is already used by the course "${title}".`] },
  });
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
}

/** GET api:admin-overview: what needs attention, for the staff home. */
export async function adminOverview(deps: AppDeps): Promise<AdminOverview> {
  const [counts, queues] = await Promise.all([repo.attentionCounts(deps.db), deps.jobs.counts()]);
  return { ...counts, failed_jobs: queues.reduce((sum, q) => sum + q.deadLetters, 0) };
}

export async function listCourses(deps: AppDeps, query: AdminCoursesQuery): Promise<AdminCourses> {
  const [rows, filters] = await Promise.all([
    repo.adminCourseList(deps.db, query),
    repo.courseYearsAndSubjects(deps.db),
  ]);
  return { courses: rows, ...filters };
}

export async function checkSlug(deps: AppDeps, slug: string) {
  const taken = await repo.courseWithSlug(deps.db, slug);
  return { available: !taken, course_title: taken?.title ?? null };
}

/** POST api:admin-courses: a new draft course, empty (a bare tree) or with a copy of another course's content. */
export async function createCourse(
  deps: AppDeps,
  actor: Actor,
  body: CreateCourseBody,
  ip: string,
): Promise<CreateCourseResponse> {
  const { details, structure } = body;
  const source = structure.mode === 'copy' ? await findCourse(deps.db, structure.source_course_id) : null;
  if (structure.mode === 'copy' && !source) {
    throw new AppError('validation_failed', undefined, {
      errors: { 'structure.source_course_id': ['No such course.'] },
    });
  }
  const taken = await repo.courseWithSlug(deps.db, details.slug);
  if (taken) throw slugTaken(taken.title);
  try {
    return await deps.db.transaction(async (tx) => {
      const [course] = await tx
        .insert(courses)
        .values({
          title: details.title,
          slug: details.slug,
          subject: details.subject,
          yearPublished: details.year_published,
          defaultYearLevel: details.default_year_level || null,
          curriculum: details.curriculum || null,
          hasTextbook: details.has_textbook,
          showStudentNotes: details.show_student_notes,
          isPublished: false,
          featureSets: source?.featureSets ?? {},
        })
        .returning();
      const counts = source
        ? await copyCourseContent(tx, source.id, course!.id, actor.userId, deps.clock.now())
        : { sections: 0, lessons: 0, chunks: 0, exams: 0, exam_questions: 0, activities: 0, attachments: 0 };
      await repo.ensureRootNode(tx, course!.id);
      const presented = presentAdminCourse(course!);
      await audit(tx, {
        actorUserId: actor.userId,
        action: source ? 'copy_course' : 'create_course',
        entityType: 'course',
        entityId: course!.id,
        before: source ? { copied_from: source.id } : null,
        after: { ...presented, counts },
        ip,
      });
      return {
        course: presented,
        copied_from: source ? { id: source.id, title: source.title, year_published: source.yearPublished } : null,
        counts,
      };
    });
  } catch (error) {
    // Two staff taking one slug at once: the unique index decides, and the loser hears which field.
    if (isUniqueViolation(error)) throw slugTaken(details.title);
    throw error;
  }
}

/** The editor's view of a course: details, tree and attachments. */
export async function courseDetail(
  deps: AppDeps,
  courseId: number,
  db: Executor = deps.db,
): Promise<AdminCourseDetail> {
  const course = await findCourse(db, courseId);
  if (!course) throw new AppError('not_found', 'No such course.');
  // A course made before authoring (or by a script) may have no root node yet: the editor needs one to add to.
  await repo.ensureRootNode(db, courseId);
  const [rows, attachmentRows] = await Promise.all([
    repo.authoringTreeRows(db, courseId),
    repo.attachmentsOfCourse(db, courseId),
  ]);
  const root = rows.find((r) => r.node_type === 'course' && r.parent_id === null);
  const childrenOf = new Map<number, typeof rows>();
  for (const r of rows) {
    if (r.parent_id === null) continue;
    childrenOf.set(r.parent_id, [...(childrenOf.get(r.parent_id) ?? []), r]);
  }
  const seen = new Set<number>();
  const build = (parentId: number): AuthoringTreeNode[] =>
    (childrenOf.get(parentId) ?? [])
      .filter((r) => r.node_type !== 'course' && !seen.has(r.id) && seen.add(r.id))
      .map((r) => ({
        node_id: r.id,
        node_type: r.node_type as AuthoringTreeNode['node_type'],
        value_id: r.value_id,
        title: r.title ?? '',
        is_published: r.is_published ?? false,
        is_coming_soon: r.is_coming_soon ?? false,
        is_premium: r.is_premium ?? false,
        version: r.version,
        detail: r.detail,
        children: build(r.id),
      }));
  const storage = storageFor(deps.config);
  return {
    course: presentAdminCourse(course),
    root_node_id: root?.id ?? 0,
    tree: root ? build(root.id) : [],
    attachments: attachmentRows.map((a) => ({
      id: a.id,
      title: a.title,
      file_name: a.fileName,
      file_url: storage.publicUrl(a.storageKey),
      size: a.size,
      additional_materials: a.additionalMaterials,
      is_premium: a.isPremium,
    })),
  };
}

/** The course at `version` with its version taken, inside `tx`; 404 when missing, 409 when saved since. */
async function claimCourse(
  tx: Executor,
  courseId: number,
  version: number,
  changes: Parameters<typeof repo.claimCourseVersion>[3] = {},
): Promise<{ before: CourseRow; after: CourseRow }> {
  const before = await findCourse(tx, courseId);
  if (!before) throw new AppError('not_found', 'No such course.');
  const after = await repo.claimCourseVersion(tx, courseId, version, changes);
  if (!after) throw new AppError('conflict', STALE_COURSE);
  return { before, after };
}

/** PATCH api:admin-course: details, publishing and feature sets. */
export async function updateCourse(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  body: UpdateCourseBody,
  ip: string,
): Promise<AdminCourseDetail> {
  if (body.slug !== undefined) {
    const taken = await repo.courseWithSlug(deps.db, body.slug, courseId);
    if (taken) throw slugTaken(taken.title);
  }
  const changes: Partial<typeof courses.$inferInsert> = {
    ...(body.title !== undefined && { title: body.title }),
    ...(body.slug !== undefined && { slug: body.slug }),
    ...(body.subject !== undefined && { subject: body.subject }),
    ...(body.year_published !== undefined && { yearPublished: body.year_published }),
    ...(body.default_year_level !== undefined && { defaultYearLevel: body.default_year_level || null }),
    ...(body.curriculum !== undefined && { curriculum: body.curriculum || null }),
    ...(body.has_textbook !== undefined && { hasTextbook: body.has_textbook }),
    ...(body.show_student_notes !== undefined && { showStudentNotes: body.show_student_notes }),
    ...(body.is_published !== undefined && { isPublished: body.is_published }),
    ...(body.feature_sets !== undefined && { featureSets: body.feature_sets as Record<string, string[]> }),
  };
  try {
    return await deps.db.transaction(async (tx) => {
      const { before, after } = await claimCourse(tx, courseId, body.version, changes);
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'update_course',
        entityType: 'course',
        entityId: courseId,
        before: presentAdminCourse(before),
        after: presentAdminCourse(after),
        ip,
      });
      return courseDetail(deps, courseId, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(body.slug ?? '');
    throw error;
  }
}

const allowedParents: Record<AuthoringTreeNode['node_type'], readonly string[]> = {
  section: ['course', 'section'],
  lesson: ['course', 'section'],
  exam: ['course', 'section'],
  attachment: ['course', 'section', 'lesson'],
};

/**
 * PUT api:admin-course-tree-children: orders a node's children, moving in any listed node from elsewhere in the
 * course. Every current child must be listed (a reorder never drops one), a topic may not go inside itself, and a
 * node may sit only where its kind may (lessons and exams under the course or a topic, attachments also in lessons).
 */
export async function reorderChildren(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  body: ReorderChildrenBody,
  ip: string,
): Promise<AdminCourseDetail> {
  return deps.db.transaction(async (tx) => {
    await claimCourse(tx, courseId, body.version);
    const nodes = await repo.nodesOfCourse(tx, courseId);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const parent = byId.get(body.parent_node_id);
    const invalid = (field: string, message: string) =>
      new AppError('validation_failed', undefined, { errors: { [field]: [message] } });
    if (!parent) throw invalid('parent_node_id', 'No such place in this course.');
    if (new Set(body.node_ids).size !== body.node_ids.length) throw invalid('node_ids', 'A node is listed twice.');
    const current = nodes.filter((n) => n.parentId === parent.id);
    const missing = current.filter((n) => !body.node_ids.includes(n.id));
    if (missing.length) throw invalid('node_ids', 'Every item already in this place must be listed.');
    const ancestors = new Set<number>();
    for (let p: typeof parent | undefined = parent; p; p = p.parentId === null ? undefined : byId.get(p.parentId)) {
      if (ancestors.has(p.id)) break;
      ancestors.add(p.id);
    }
    for (const nodeId of body.node_ids) {
      const node = byId.get(nodeId);
      if (!node || node.nodeType === 'course') throw invalid('node_ids', 'No such item in this course.');
      if (ancestors.has(node.id)) throw invalid('node_ids', 'A topic cannot go inside itself.');
      if (!allowedParents[node.nodeType].includes(parent.nodeType)) {
        throw invalid('node_ids', `A ${node.nodeType} cannot be placed in a ${parent.nodeType}.`);
      }
    }
    const before = current.map((n) => n.id);
    await repo.placeNodes(tx, parent.id, body.node_ids);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'reorder_course_tree',
      entityType: 'course',
      entityId: courseId,
      before: { parent_node_id: parent.id, node_ids: before },
      after: { parent_node_id: parent.id, node_ids: body.node_ids },
      ip,
    });
    return courseDetail(deps, courseId, tx);
  });
}

async function requirePlace(tx: Executor, courseId: number, parentNodeId: number) {
  const parent = (await repo.nodesOfCourse(tx, courseId)).find((n) => n.id === parentNodeId);
  if (!parent || (parent.nodeType !== 'course' && parent.nodeType !== 'section')) {
    throw new AppError('validation_failed', undefined, {
      errors: { parent_node_id: ['Choose the course or one of its topics.'] },
    });
  }
  return parent;
}

/**
 * A new tree item placed last under the course or a topic, in one transaction with its node and audit entry: a topic
 * (or sub-topic) or an empty lesson, both unpublished.
 */
async function addTreeItem(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  body: AddTreeItemBody,
  ip: string,
  kind: 'section' | 'lesson',
) {
  return deps.db.transaction(async (tx) => {
    await claimCourse(tx, courseId, body.version);
    const parent = await requirePlace(tx, courseId, body.parent_node_id);
    const item =
      kind === 'section'
        ? await repo.insertSection(tx, courseId, body.title)
        : await repo.insertLesson(tx, courseId, body.title);
    const node = await repo.appendNode(tx, courseId, parent.id, kind, item.id);
    await audit(tx, {
      actorUserId: actor.userId,
      action: `add_${kind}`,
      entityType: kind,
      entityId: item.id,
      after: { course_id: courseId, title: item.title, parent_node_id: parent.id, node_id: node.id },
      ip,
    });
    return courseDetail(deps, courseId, tx);
  });
}

/** POST api:admin-course-sections: a new (unpublished) topic, or a sub-topic under a topic, placed last. */
export async function addSection(deps: AppDeps, actor: Actor, courseId: number, body: AddTreeItemBody, ip: string) {
  return addTreeItem(deps, actor, courseId, body, ip, 'section');
}

/** POST api:admin-course-lessons: a new (unpublished, empty) lesson under the course or a topic, placed last. */
export async function addLesson(deps: AppDeps, actor: Actor, courseId: number, body: AddTreeItemBody, ip: string) {
  return addTreeItem(deps, actor, courseId, body, ip, 'lesson');
}

/** PATCH api:admin-course-section: rename, publish or unpublish a topic. */
export async function updateSection(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  sectionId: number,
  body: UpdateSectionBody,
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findSection(tx, courseId, sectionId);
    if (!before) throw new AppError('not_found', 'No such topic.');
    await claimCourse(tx, courseId, body.version);
    const after = await repo.updateSection(tx, sectionId, {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.is_published !== undefined && { isPublished: body.is_published }),
    });
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'update_section',
      entityType: 'section',
      entityId: sectionId,
      before: { title: before.title, is_published: before.isPublished },
      after: { title: after.title, is_published: after.isPublished },
      ip,
    });
    return courseDetail(deps, courseId, tx);
  });
}

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

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * DELETE api:admin-course-node: removes a topic, lesson or attachment from the course for good (the rule is in
 * docs/videos-and-captions.md): a topic only when empty; a lesson only when no student has visited, watched,
 * rated, noted or answered anything in it and no task names it (otherwise unpublish it); an attachment always (its
 * file stays in storage: copies of the course share it). Attachments placed in a deleted lesson go with it.
 */
export async function deleteNode(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  nodeId: number,
  version: number,
  ip: string,
): Promise<AdminCourseDetail> {
  return deps.db.transaction(async (tx) => {
    await claimCourse(tx, courseId, version);
    const nodes = await repo.nodesOfCourse(tx, courseId);
    const node = nodes.find((n) => n.id === nodeId);
    if (!node || node.nodeType === 'course') throw new AppError('not_found', 'No such item in this course.');
    const children = nodes.filter((n) => n.parentId === node.id);
    let before: Record<string, unknown> = {
      node_type: node.nodeType,
      value_id: node.valueId,
      parent_node_id: node.parentId,
    };
    switch (node.nodeType) {
      case 'exam':
        throw new AppError(
          'conflict',
          'Exams and question sets are not deleted from the course tree: unpublish it instead.',
        );
      case 'section': {
        if (children.length) {
          throw new AppError(
            'conflict',
            `This topic still holds ${plural(children.length, 'item')}: move or delete them first.`,
          );
        }
        const section = await repo.findSection(tx, courseId, node.valueId);
        before = { ...before, title: section?.title };
        await repo.deleteTreeValue(tx, courseId, node.id, 'section', node.valueId);
        break;
      }
      case 'lesson': {
        const work = await repo.studentWorkInLesson(tx, node.valueId);
        const held = [
          work.visits && plural(work.visits, 'visit or viewing record', 'visit or viewing records'),
          work.ratings && plural(work.ratings, 'self-rating'),
          work.notes && plural(work.notes, 'note'),
          work.responses && plural(work.responses, 'activity answer'),
          work.tasks && plural(work.tasks, 'task'),
        ].filter(Boolean);
        if (held.length) {
          throw new AppError(
            'conflict',
            `Students have work or progress in this lesson (${held.join(', ')}), so it cannot be deleted: unpublish it instead.`,
          );
        }
        for (const child of children) {
          await repo.deleteTreeValue(tx, courseId, child.id, 'attachment', child.valueId);
        }
        await repo.deleteTreeValue(tx, courseId, node.id, 'lesson', node.valueId);
        break;
      }
      case 'attachment':
        await repo.deleteTreeValue(tx, courseId, node.id, 'attachment', node.valueId);
        break;
    }
    await audit(tx, {
      actorUserId: actor.userId,
      action: `delete_${node.nodeType}`,
      entityType: node.nodeType,
      entityId: node.valueId,
      before: { ...before, course_id: courseId, child_node_ids: children.map((c) => c.id) },
      ip,
    });
    return courseDetail(deps, courseId, tx);
  });
}
