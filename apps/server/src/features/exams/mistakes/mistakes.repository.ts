import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { examQuestionGroks, examQuestionNotes, examQuestions } from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';

export type NoteRow = typeof examQuestionNotes.$inferSelect;

export async function groksOf(db: Executor, classId: number, profileId: number, questionIds: number[]) {
  if (!questionIds.length) return [];
  return db
    .select({ questionId: examQuestionGroks.questionId, grokkedAt: examQuestionGroks.grokkedAt })
    .from(examQuestionGroks)
    .where(
      and(
        eq(examQuestionGroks.classId, classId),
        eq(examQuestionGroks.profileId, profileId),
        inArray(examQuestionGroks.questionId, questionIds),
      ),
    );
}

export async function writeGrok(
  db: Executor,
  v: { schoolId: number; classId: number; profileId: number; questionId: number; grokked: boolean; now: Date },
): Promise<Date | null> {
  const key = and(
    eq(examQuestionGroks.classId, v.classId),
    eq(examQuestionGroks.profileId, v.profileId),
    eq(examQuestionGroks.questionId, v.questionId),
  );
  if (!v.grokked) {
    await db.delete(examQuestionGroks).where(key);
    return null;
  }
  await db
    .insert(examQuestionGroks)
    .values({
      schoolId: v.schoolId,
      classId: v.classId,
      profileId: v.profileId,
      questionId: v.questionId,
      grokkedAt: v.now,
    })
    .onConflictDoNothing();
  const [row] = await db.select({ grokkedAt: examQuestionGroks.grokkedAt }).from(examQuestionGroks).where(key);
  return row?.grokkedAt ?? null;
}

export async function notesOf(db: Executor, classId: number, profileId: number, examId: number): Promise<NoteRow[]> {
  const rows = await db
    .select({ note: examQuestionNotes })
    .from(examQuestionNotes)
    .innerJoin(examQuestions, eq(examQuestions.id, examQuestionNotes.questionId))
    .where(
      and(
        eq(examQuestionNotes.classId, classId),
        eq(examQuestionNotes.profileId, profileId),
        eq(examQuestions.examId, examId),
      ),
    )
    .orderBy(asc(examQuestionNotes.questionId));
  return rows.map((r) => r.note);
}

/** Saves a note if `version` is still the stored one (0 when there is none), as saveAnswer does; null when stale. */
export async function saveNote(
  db: Executor,
  v: {
    schoolId: number;
    classId: number;
    profileId: number;
    questionId: number;
    body: string;
    version: number;
    now: Date;
  },
): Promise<NoteRow | null> {
  const { rows } = await db.execute<{ question_id: number }>(sql`
    insert into exam_question_notes (school_id, class_id, profile_id, question_id, body, version, updated_at)
    select ${v.schoolId}, ${v.classId}, ${v.profileId}, ${v.questionId}, ${v.body}, 1, ${v.now}::timestamptz
    where ${v.version}::int = 0
       or exists(select 1 from exam_question_notes where class_id = ${v.classId} and profile_id = ${v.profileId}
                 and question_id = ${v.questionId})
    on conflict (class_id, profile_id, question_id) do update
      set body = excluded.body, version = exam_question_notes.version + 1, updated_at = excluded.updated_at
      where exam_question_notes.version = ${v.version}::int
    returning question_id`);
  if (!rows[0]) return null;
  const [row] = await db
    .select()
    .from(examQuestionNotes)
    .where(
      and(
        eq(examQuestionNotes.classId, v.classId),
        eq(examQuestionNotes.profileId, v.profileId),
        eq(examQuestionNotes.questionId, v.questionId),
      ),
    );
  return row!;
}
