import { sql, type SQL } from 'drizzle-orm';

/**
 * Ids of the lessons students can see in a course: placed in the course tree under sections that are all published
 * (the class assemblage hides everything under an unpublished topic). A subquery; combine with lessons.is_published.
 * Shared by the features that count lessons (progress, tasks) so they agree on what a student can see.
 */
export function lessonsInPublishedSections(courseId: number): SQL {
  return sql`(
    with recursive visible(node_id) as (
      select n.id from course_tree_nodes n where n.course_id = ${courseId} and n.parent_id is null
      union all
      select n.id from course_tree_nodes n
        join visible on n.parent_id = visible.node_id
        left join sections s on n.node_type = 'section' and s.id = n.value_id
        where n.node_type <> 'section' or s.is_published
    )
    select n.value_id from course_tree_nodes n join visible on visible.node_id = n.id where n.node_type = 'lesson'
  )`;
}
