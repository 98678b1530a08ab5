import type {
  AddTreeItemBody,
  AdminCourseDetail,
  AuthoringTreeNode,
  ReorderChildrenBody,
  UpdateCourseBody,
  UpdateSectionBody,
} from '@banksia/contracts/authoring-courses';
import type { courses } from '../../../db/schema/index';
import { audit } from '../../../platform/audit';
import type { Executor } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { presentAdminCourse } from './authoring.presenter';
import * as repo from './authoring.repository';
import { claimCourse, courseDetail } from './course-detail.service';
import { isUniqueViolation, slugTaken } from './course-wizard.service';

/**
 * The course editor by content staff: details, flags and feature sets, and the tree (topics, lessons, order,
 * deletion). Every write runs in one transaction, names the course version it was made on, and is audited with
 * before and after.
 */

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

async function placeForNewItem(tx: Executor, courseId: number, parentNodeId: number) {
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
    const parent = await placeForNewItem(tx, courseId, body.parent_node_id);
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

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A lesson with students' work or progress in it (or named by a task) is unpublished, never deleted: 409. */
async function refuseIfStudentWork(tx: Executor, lessonId: number): Promise<void> {
  const work = await repo.studentWorkInLesson(tx, lessonId);
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
        await refuseIfStudentWork(tx, node.valueId);
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
