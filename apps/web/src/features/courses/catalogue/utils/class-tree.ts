import type {
  Attachment,
  ClassAssemblage,
  ClassTreeNode,
  ExamSummary,
  Lesson,
  Section,
} from '@banksia/contracts/courses';
import { isExamListed, isListed, type ListingOptions } from '@banksia/contracts/rules/listing';

/** A node of the class tree with the content it stands for, or null when the content map lacks it. */
export type ClassItem =
  | { type: 'section'; node: ClassTreeNode; section: Section }
  | { type: 'lesson'; node: ClassTreeNode; lesson: Lesson }
  | { type: 'exam'; node: ClassTreeNode; exam: ExamSummary }
  | { type: 'attachment'; node: ClassTreeNode; attachment: Attachment };

/** A topic (a section at depth 1) with its tree node. */
export interface Topic {
  section: Section;
  node: ClassTreeNode;
}

/**
 * The content a tree node stands for, if it is listed (spec §5): unpublished topics, lessons and exams only for
 * staff previews (`includeUnpublished`), and exams only when submittable. Attachments are always listed.
 */
export function itemOf(assemblage: ClassAssemblage, node: ClassTreeNode, options: ListingOptions): ClassItem | null {
  const key = String(node.value_id);
  switch (node.node_type) {
    case 'SECTION': {
      const section = assemblage.sections[key];
      return section && isListed(section, options) ? { type: 'section', node, section } : null;
    }
    case 'LESSON': {
      const lesson = assemblage.lessons[key];
      return lesson && isListed(lesson, options) ? { type: 'lesson', node, lesson } : null;
    }
    case 'EXAM': {
      const exam = assemblage.exams[key];
      return exam && isExamListed(exam, options) ? { type: 'exam', node, exam } : null;
    }
    case 'ATTACHMENT': {
      const attachment = assemblage.attachments[key];
      return attachment ? { type: 'attachment', node, attachment } : null;
    }
    case 'COURSE':
      return null;
  }
}

/** The listed children of a node, in course order. */
export function childItems(assemblage: ClassAssemblage, node: ClassTreeNode, options: ListingOptions): ClassItem[] {
  return node.children.flatMap((child) => itemOf(assemblage, child, options) ?? []);
}

/** The course's listed topics, in order. */
export function topicsOf(assemblage: ClassAssemblage, options: ListingOptions): Topic[] {
  return childItems(assemblage, assemblage.tree, options).flatMap((item) =>
    item.type === 'section' ? [{ section: item.section, node: item.node }] : [],
  );
}

/** Lessons placed straight under the course rather than in a topic. */
export function looseLessons(assemblage: ClassAssemblage, options: ListingOptions): Lesson[] {
  return childItems(assemblage, assemblage.tree, options).flatMap((item) =>
    item.type === 'lesson' ? [item.lesson] : [],
  );
}

/** Every listed lesson at or below a node (inside listed sub-sections only), in course order. */
export function lessonsUnder(assemblage: ClassAssemblage, node: ClassTreeNode, options: ListingOptions): Lesson[] {
  return childItems(assemblage, node, options).flatMap((item) => {
    if (item.type === 'lesson') return [item.lesson];
    if (item.type === 'section') return lessonsUnder(assemblage, item.node, options);
    return [];
  });
}

/** The first node (depth first) of a type and value id, with its ancestors from the root down. */
export function findNode(
  root: ClassTreeNode,
  type: ClassTreeNode['node_type'],
  valueId: number,
): { node: ClassTreeNode; ancestors: ClassTreeNode[] } | null {
  const walk = (node: ClassTreeNode, ancestors: ClassTreeNode[]): ReturnType<typeof findNode> => {
    if (node.node_type === type && node.value_id === valueId) return { node, ancestors };
    for (const child of node.children) {
      const found = walk(child, [...ancestors, node]);
      if (found) return found;
    }
    return null;
  };
  return walk(root, []);
}

/** The topic a lesson sits in (its nearest depth-1 section), if any. */
export function topicOfLesson(assemblage: ClassAssemblage, lessonId: number): Section | null {
  const found = findNode(assemblage.tree, 'LESSON', lessonId);
  if (!found) return null;
  for (const ancestor of found.ancestors) {
    const section = ancestor.node_type === 'SECTION' ? assemblage.sections[String(ancestor.value_id)] : undefined;
    if (section?.depth === 1) return section;
  }
  return null;
}

/** The attachments hanging off a lesson's node. */
export function lessonAttachments(assemblage: ClassAssemblage, lessonId: number): Attachment[] {
  const found = findNode(assemblage.tree, 'LESSON', lessonId);
  if (!found) return [];
  return found.node.children.flatMap((child) => {
    const attachment = child.node_type === 'ATTACHMENT' ? assemblage.attachments[String(child.value_id)] : undefined;
    return attachment ? [attachment] : [];
  });
}
