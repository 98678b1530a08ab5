import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** A lesson of the course, with the course's note switches; null when the lesson is not in that course. */
export async function lessonInCourse(db: Executor, lessonId: number, courseId: number) {
  const { rows } = await db.execute<{
    id: number;
    is_published: boolean;
    show_student_notes: boolean;
    feature_sets: Record<string, string[]>;
  }>(sql`
    select l.id, l.is_published, co.show_student_notes, co.feature_sets
    from lessons l join courses co on co.id = l.course_id
    where l.id = ${lessonId} and l.course_id = ${courseId}`);
  return rows[0] ?? null;
}

/** Whether a profile is a student on the class's roster (access status LOCKED or above). */
export async function isOnRoster(db: Executor, classId: number, schoolId: number, profileId: number) {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from enrolments e where e.class_id = ${classId} and e.school_id = ${schoolId}
                  and e.profile_id = ${profileId} and e.access_status >= 25) as found`);
  return rows[0]?.found ?? false;
}

export type NotesRow = {
  html: string;
  version: number;
  updated_at: Date;
};

/** A student's notes on a lesson, as written in one class. */
export async function findNotes(
  db: Executor,
  k: { schoolId: number; classId: number; profileId: number; lessonId: number },
) {
  const { rows } = await db.execute<NotesRow>(sql`
    select html, version, updated_at from lesson_notes
    where school_id = ${k.schoolId} and class_id = ${k.classId} and profile_id = ${k.profileId}
      and lesson_id = ${k.lessonId}`);
  return rows[0] ?? null;
}

/**
 * Saves notes if `version` is still the stored one (0 when there are none), in one statement so two saves
 * cannot both win: the insert creates version 1; on conflict the update applies only where the stored version
 * matches, under the row lock. A save naming a version when no notes exist proposes no row at all. Null
 * (nothing changed) means the client edited an out-of-date version.
 */
export async function saveNotes(
  db: Executor,
  n: {
    schoolId: number;
    classId: number;
    profileId: number;
    lessonId: number;
    html: string;
    version: number;
    now: Date;
  },
): Promise<NotesRow | null> {
  const { rows } = await db.execute<NotesRow>(sql`
    insert into lesson_notes (school_id, class_id, profile_id, lesson_id, html, version, updated_at)
    select ${n.schoolId}, ${n.classId}, ${n.profileId}, ${n.lessonId}, ${n.html}, 1, ${n.now}::timestamptz
    where ${n.version}::int = 0
       or exists(select 1 from lesson_notes where profile_id = ${n.profileId} and class_id = ${n.classId}
                 and lesson_id = ${n.lessonId})
    on conflict (profile_id, class_id, lesson_id) do update
      set html = excluded.html, version = lesson_notes.version + 1, updated_at = excluded.updated_at
      where lesson_notes.version = ${n.version}::int
    returning html, version, updated_at`);
  return rows[0] ?? null;
}
