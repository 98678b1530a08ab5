import type { StudentNamer } from '../../platform/student-names';
import type { ActivityDetail, ClassStudentResponse, VersionedResponse } from '@banksia/contracts/activities';
import type { ActivityRow, classResponses, ResponseRow } from './activities.repository';

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

type ClassResponseRow = Awaited<ReturnType<typeof classResponses>>[number];

export function presentClassStudentResponse(row: ClassResponseRow, namer: StudentNamer): ClassStudentResponse {
  const name = namer.name(row.profile_id, row);
  return {
    profile_id: row.profile_id,
    first_name: name.first_name,
    last_name: name.last_name,
    response:
      row.response_id === null
        ? null
        : {
            id: row.response_id,
            block_responses: row.block_responses ?? {},
            version: row.version ?? 0,
            updated_at: new Date(row.updated_at!).toISOString(),
          },
  };
}
