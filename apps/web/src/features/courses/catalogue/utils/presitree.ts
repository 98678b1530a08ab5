import type { ExamSummary, Lesson, PresiTreeNode, PresitreeAssemblage, Section } from '@banksia/contracts/courses';
import { isExamListed, isListed, type ListingOptions } from '@banksia/contracts/rules/listing';

export type OutlineItem =
  | { type: 'section'; node: PresiTreeNode; section: Section }
  | { type: 'lesson'; node: PresiTreeNode; lesson: Lesson }
  | { type: 'exam'; node: PresiTreeNode; exam: ExamSummary };

/** The listed children of a node of the course outline (spec §5 listing rules). */
export function outlineItems(
  assemblage: PresitreeAssemblage,
  node: PresiTreeNode,
  options: ListingOptions = {},
): OutlineItem[] {
  const { sections, lessons, exams } = assemblage.content;
  return node.children.flatMap((child): OutlineItem[] => {
    const key = String(child.value_id);
    if (child.node_type === 'section') {
      const section = sections[key];
      return section && isListed(section, options) ? [{ type: 'section', node: child, section }] : [];
    }
    if (child.node_type === 'lesson') {
      const lesson = lessons[key];
      return lesson && isListed(lesson, options) ? [{ type: 'lesson', node: child, lesson }] : [];
    }
    if (child.node_type === 'exam') {
      const exam = exams[key];
      return exam && isExamListed(exam, options) ? [{ type: 'exam', node: child, exam }] : [];
    }
    return [];
  });
}

/** Every listed lesson at or below a node, in course order. */
export function outlineLessons(
  assemblage: PresitreeAssemblage,
  node: PresiTreeNode,
  options: ListingOptions = {},
): Lesson[] {
  return outlineItems(assemblage, node, options).flatMap((item) => {
    if (item.type === 'lesson') return [item.lesson];
    if (item.type === 'section') return outlineLessons(assemblage, item.node, options);
    return [];
  });
}

/** The course's demo lessons anyone may open, in course order. */
export function demoLessons(assemblage: PresitreeAssemblage): Lesson[] {
  return outlineLessons(assemblage, assemblage.tree).filter((lesson) => lesson.is_demo && lesson.chunk_count > 0);
}
