import type { ActivityDetail, VersionedResponse } from './activities.schemas';
import type { ActivityRow, ResponseRow } from './activities.repository';

export function presentActivity(row: ActivityRow): ActivityDetail {
  return {
    id: row.id,
    title: row.title,
    course_id: row.courseId,
    lesson_id: row.lessonId,
    blocks: row.blocks,
    version: row.version,
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

export function presentResponse(row: ResponseRow): VersionedResponse {
  return { id: row.id, block_responses: row.blockResponses, version: row.version };
}
