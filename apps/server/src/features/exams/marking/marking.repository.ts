import type { ExamAnswer, MarkStatus } from '@banksia/contracts/exams';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  examAnswers,
  examClassLocks,
  examExtraTime,
  examQuestions,
  examResultReleases,
  examSittings,
  type ExamQuestionDefinition,
} from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';
import type { AnswerRow, LockStatus, QuestionRow } from '../shared/index';
import { extraTimeMinutes, releasedAt } from '../shared/index';

/** The lock's status, its row locked for update (inside a transaction); null when there is no row yet. */
export async function lockStatusForUpdate(db: Executor, classId: number, examId: number): Promise<LockStatus | null> {
  const [row] = await db
    .select({ status: examClassLocks.status })
    .from(examClassLocks)
    .where(and(eq(examClassLocks.classId, classId), eq(examClassLocks.examId, examId)))
    .for('update');
  return row?.status ?? null;
}

export async function writeLock(
  db: Executor,
  v: { schoolId: number; classId: number; examId: number; status: LockStatus; userId: number; now: Date },
): Promise<void> {
  await db
    .insert(examClassLocks)
    .values({
      schoolId: v.schoolId,
      classId: v.classId,
      examId: v.examId,
      status: v.status,
      updatedBy: v.userId,
      updatedAt: v.now,
    })
    .onConflictDoUpdate({
      target: [examClassLocks.classId, examClassLocks.examId],
      set: { status: v.status, updatedBy: v.userId, updatedAt: v.now },
    });
}

/** Sets a student's extra time in a class, and applies it to the sittings they have open there. */
export async function writeExtraTime(
  db: Executor,
  v: { schoolId: number; classId: number; profileId: number; minutes: number; userId: number; now: Date },
): Promise<{ before: number }> {
  const before = await extraTimeMinutes(db, v.classId, v.profileId);
  await db
    .insert(examExtraTime)
    .values({
      schoolId: v.schoolId,
      classId: v.classId,
      profileId: v.profileId,
      minutes: v.minutes,
      updatedBy: v.userId,
      updatedAt: v.now,
    })
    .onConflictDoUpdate({
      target: [examExtraTime.classId, examExtraTime.profileId],
      set: { minutes: v.minutes, updatedBy: v.userId, updatedAt: v.now },
    });
  await db
    .update(examSittings)
    .set({ extraTimeMinutes: v.minutes })
    .where(
      and(
        eq(examSittings.classId, v.classId),
        eq(examSittings.profileId, v.profileId),
        eq(examSittings.status, 'open'),
      ),
    );
  return { before };
}

/** A teacher's mark of one answer; the row is made (with no answer) if the student never answered. */
export async function writeTeacherMark(
  db: Executor,
  v: {
    schoolId: number;
    sittingId: number;
    questionId: number;
    status: MarkStatus;
    marksAwarded: number;
    feedback: string | undefined;
    userId: number;
    now: Date;
  },
): Promise<{ before: AnswerRow | null; after: AnswerRow }> {
  const [before] = await db
    .select()
    .from(examAnswers)
    .where(and(eq(examAnswers.sittingId, v.sittingId), eq(examAnswers.questionId, v.questionId)))
    .for('update');
  const mark = {
    markStatus: v.status,
    marksAwarded: String(v.marksAwarded),
    markedBy: v.userId,
    updatedAt: v.now,
    ...(v.feedback === undefined ? {} : { feedback: v.feedback }),
  };
  const [after] = await db
    .insert(examAnswers)
    .values({ schoolId: v.schoolId, sittingId: v.sittingId, questionId: v.questionId, ...mark })
    .onConflictDoUpdate({ target: [examAnswers.sittingId, examAnswers.questionId], set: mark })
    .returning();
  return { before: before ?? null, after: after! };
}

/**
 * Every student on a class's roster with their current sitting of an exam (open, else the last submitted) and its
 * marks so far: one query, ordered like the class lists (last name, first name).
 */
export async function classSittings(db: Executor, q: { classId: number; schoolId: number; examId: number }) {
  const { rows } = await db.execute<{
    profile_id: number;
    first_name: string;
    last_name: string;
    extra_time_minutes: number | null;
    sitting_id: number | null;
    status: 'open' | 'submitted' | null;
    started_at: string | Date | null;
    submitted_at: string | Date | null;
    transcribed: boolean | null;
    marks_awarded: string | null;
    needs_marking: number | null;
  }>(sql`
    select p.id as profile_id, u.first_name, u.last_name, x.minutes as extra_time_minutes,
           s.id as sitting_id, s.status, s.started_at, s.submitted_at, s.transcribed_by is not null as transcribed,
           (select coalesce(sum(a.marks_awarded), 0) from exam_answers a where a.sitting_id = s.id) as marks_awarded,
           (select count(*)::int from exam_answers a
             where a.sitting_id = s.id and a.mark_status = 'needs_marking') as needs_marking
    from enrolments e
    join profiles p on p.id = e.profile_id
    join users u on u.id = p.user_id
    left join exam_extra_time x on x.class_id = e.class_id and x.profile_id = p.id
    left join lateral (
      select * from exam_sittings s
      where s.exam_id = ${q.examId} and s.class_id = e.class_id and s.profile_id = p.id
      order by s.status = 'open' desc, s.started_at desc, s.id desc
      limit 1
    ) s on true
    where e.class_id = ${q.classId} and e.school_id = ${q.schoolId} and e.access_status >= 25
    order by lower(u.last_name), lower(u.first_name), p.id`);
  return rows;
}

/**
 * The question with its row locked for update (inside a transaction), so two teachers accepting alternatives take
 * turns, and a submit (which share-locks the exam's questions, lockQuestionsOf) marks with one definition or the other.
 */
export async function lockQuestion(db: Executor, examId: number, questionId: number): Promise<QuestionRow | null> {
  const [row] = await db
    .select()
    .from(examQuestions)
    .where(and(eq(examQuestions.id, questionId), eq(examQuestions.examId, examId)))
    .for('update');
  return row ?? null;
}

export async function updateQuestionDefinition(
  db: Executor,
  questionId: number,
  definition: ExamQuestionDefinition,
): Promise<QuestionRow> {
  const [row] = await db.update(examQuestions).set({ definition }).where(eq(examQuestions.id, questionId)).returning();
  return row!;
}

/**
 * The answers to a question in submitted sittings (of every class and school) that were marked automatically, i.e.
 * not by a teacher (marked_by is null); their rows are locked for update (inside a transaction).
 */
export async function autoMarkedSubmittedAnswers(db: Executor, questionId: number): Promise<AnswerRow[]> {
  const rows = await db
    .select({ answer: examAnswers })
    .from(examAnswers)
    .innerJoin(examSittings, eq(examSittings.id, examAnswers.sittingId))
    .where(
      and(
        eq(examAnswers.questionId, questionId),
        eq(examSittings.status, 'submitted'),
        sql`${examAnswers.markedBy} is null`,
      ),
    )
    .orderBy(asc(examAnswers.id))
    .for('update', { of: examAnswers });
  return rows.map((r) => r.answer);
}

/** Writes new automatic marks, in one statement; an answer a teacher has marked meanwhile is left alone. */
export async function rewriteAutoMarks(
  db: Executor,
  marks: { answerId: number; status: MarkStatus; marksAwarded: number | null }[],
  now: Date,
): Promise<void> {
  if (!marks.length) return;
  const values = marks.map((m) => ({ id: m.answerId, status: m.status, marks: m.marksAwarded }));
  await db.execute(sql`
    update exam_answers a
    set mark_status = v.status, marks_awarded = v.marks, updated_at = ${now}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id int, status text, marks numeric)
    where a.id = v.id and a.marked_by is null`);
}

/** Releases (keeping the first release time when released again) or holds a class's results. */
export async function writeRelease(
  db: Executor,
  v: { schoolId: number; classId: number; examId: number; released: boolean; userId: number; now: Date },
): Promise<Date | null> {
  if (!v.released) {
    await db
      .delete(examResultReleases)
      .where(and(eq(examResultReleases.classId, v.classId), eq(examResultReleases.examId, v.examId)));
    return null;
  }
  await db
    .insert(examResultReleases)
    .values({ schoolId: v.schoolId, classId: v.classId, examId: v.examId, releasedAt: v.now, releasedBy: v.userId })
    .onConflictDoNothing();
  return releasedAt(db, v.classId, v.examId);
}

/** Per question of the exam: answers in the class's submitted sittings, and those waiting for a teacher. */
export async function questionMarkingCounts(db: Executor, q: { classId: number; schoolId: number; examId: number }) {
  const { rows } = await db.execute<{ question_id: number; submitted: number; needs_marking: number }>(sql`
    select eq.id as question_id,
           count(a.id) filter (where s.id is not null)::int as submitted,
           count(a.id) filter (where s.id is not null and a.mark_status = 'needs_marking')::int as needs_marking
    from exam_questions eq
    left join exam_answers a on a.question_id = eq.id and a.school_id = ${q.schoolId}
    left join exam_sittings s on s.id = a.sitting_id and s.status = 'submitted' and s.class_id = ${q.classId}
    where eq.exam_id = ${q.examId}
    group by eq.id
    order by eq.id`);
  return rows;
}

/**
 * The answers to one question in the class's submitted sittings (each student's last submitted sitting), with the
 * student's name: one query, ordered like the class lists.
 */
export async function questionResponses(
  db: Executor,
  q: { classId: number; schoolId: number; examId: number; questionId: number },
) {
  const { rows } = await db.execute<{
    profile_id: number;
    first_name: string;
    last_name: string;
    sitting_id: number;
    submitted_at: string | Date;
    transcribed: boolean;
    answer: ExamAnswer | null;
    mark_status: MarkStatus | null;
    marks_awarded: string | null;
    feedback: string | null;
    marked_by: number | null;
  }>(sql`
    select p.id as profile_id, u.first_name, u.last_name, s.id as sitting_id, s.submitted_at,
           s.transcribed_by is not null as transcribed,
           a.answer, a.mark_status, a.marks_awarded, a.feedback, a.marked_by
    from enrolments e
    join profiles p on p.id = e.profile_id
    join users u on u.id = p.user_id
    join lateral (
      select * from exam_sittings s
      where s.exam_id = ${q.examId} and s.class_id = e.class_id and s.profile_id = p.id and s.status = 'submitted'
      order by s.submitted_at desc, s.id desc
      limit 1
    ) s on true
    left join exam_answers a on a.sitting_id = s.id and a.question_id = ${q.questionId}
    where e.class_id = ${q.classId} and e.school_id = ${q.schoolId} and e.access_status >= 25
    order by lower(u.last_name), lower(u.first_name), p.id`);
  return rows;
}

/** The profile ids on a class's roster (for the day's pseudonyms, made over the whole class). */
export async function rosterProfileIds(db: Executor, classId: number, schoolId: number): Promise<number[]> {
  const { rows } = await db.execute<{ profile_id: number }>(sql`
    select e.profile_id from enrolments e
    where e.class_id = ${classId} and e.school_id = ${schoolId} and e.access_status >= 25`);
  return rows.map((r) => r.profile_id);
}
