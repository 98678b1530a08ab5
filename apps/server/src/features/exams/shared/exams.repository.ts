import type { MarkStatus } from '@banksia/contracts/exams';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  examAnswers,
  examClassLocks,
  examExtraTime,
  examQuestions,
  examResultReleases,
  exams,
  examSections,
  examSittings,
  type ExamQuestionDefinition,
} from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';

export type ExamRow = typeof exams.$inferSelect;

export type SectionRow = typeof examSections.$inferSelect;

export type QuestionRow = typeof examQuestions.$inferSelect;

export type SittingRow = typeof examSittings.$inferSelect;

export type AnswerRow = typeof examAnswers.$inferSelect;

export type LockStatus = (typeof examClassLocks.$inferSelect)['status'];

export async function findExam(db: Executor, id: number): Promise<ExamRow | null> {
  const [row] = await db.select().from(exams).where(eq(exams.id, id));
  return row ?? null;
}

export async function sectionsOf(db: Executor, examId: number): Promise<SectionRow[]> {
  return db
    .select()
    .from(examSections)
    .where(eq(examSections.examId, examId))
    .orderBy(asc(examSections.position), asc(examSections.id));
}

/** The exam's questions in reading order: by section, then position within it. */
export async function questionsOf(db: Executor, examId: number): Promise<QuestionRow[]> {
  const rows = await db
    .select({ question: examQuestions })
    .from(examQuestions)
    .innerJoin(examSections, eq(examSections.id, examQuestions.sectionId))
    .where(eq(examQuestions.examId, examId))
    .orderBy(asc(examSections.position), asc(examSections.id), asc(examQuestions.position), asc(examQuestions.id));
  return rows.map((r) => r.question);
}

export async function findQuestion(db: Executor, examId: number, questionId: number): Promise<QuestionRow | null> {
  const [row] = await db
    .select()
    .from(examQuestions)
    .where(and(eq(examQuestions.id, questionId), eq(examQuestions.examId, examId)));
  return row ?? null;
}

export async function insertSection(db: Executor, values: typeof examSections.$inferInsert): Promise<SectionRow> {
  const [row] = await db.insert(examSections).values(values).returning();
  return row!;
}

export async function insertQuestion(
  db: Executor,
  values: {
    examId: number;
    sectionId: number;
    position: number;
    marks: number;
    prompt: string;
    workedSolution: string;
    definition: ExamQuestionDefinition;
  },
): Promise<QuestionRow> {
  const [row] = await db
    .insert(examQuestions)
    .values({ ...values, marks: String(values.marks) })
    .returning();
  return row!;
}

/** Recounts the exam's question_count and marks_total from its questions. */
export async function refreshExamTotals(db: Executor, examId: number): Promise<void> {
  await db.execute(sql`
    update exams set
      question_count = (select count(*) from exam_questions where exam_id = ${examId}),
      marks_total = (select coalesce(sum(marks), 0) from exam_questions where exam_id = ${examId})
    where id = ${examId}`);
}

/** Whether a profile is a student on the class's roster (access status LOCKED or above). */
export async function isOnRoster(db: Executor, classId: number, schoolId: number, profileId: number) {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from enrolments e where e.class_id = ${classId} and e.school_id = ${schoolId}
                  and e.profile_id = ${profileId} and e.access_status >= 25) as found`);
  return rows[0]?.found ?? false;
}

export async function lockStatus(db: Executor, classId: number, examId: number): Promise<LockStatus | null> {
  const [row] = await db
    .select({ status: examClassLocks.status })
    .from(examClassLocks)
    .where(and(eq(examClassLocks.classId, classId), eq(examClassLocks.examId, examId)));
  return row?.status ?? null;
}

export interface SittingKey {
  examId: number;
  classId: number;
  profileId: number;
}

const sittingOf = (k: SittingKey) =>
  and(eq(examSittings.examId, k.examId), eq(examSittings.classId, k.classId), eq(examSittings.profileId, k.profileId));

/**
 * Opens a sitting unless one is open already; the partial unique index (one open sitting per student, exam and
 * class) settles concurrent starts, so exactly one insert wins. Null when one was open.
 */
export async function insertOpenSitting(
  db: Executor,
  v: SittingKey & { schoolId: number; startedAt: Date; extraTimeMinutes: number; transcribedBy?: number },
): Promise<SittingRow | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into exam_sittings (school_id, class_id, profile_id, exam_id, status, started_at, extra_time_minutes,
                               transcribed_by)
    values (${v.schoolId}, ${v.classId}, ${v.profileId}, ${v.examId}, 'open', ${v.startedAt}::timestamptz,
            ${v.extraTimeMinutes}, ${v.transcribedBy ?? null})
    on conflict (exam_id, class_id, profile_id) where status = 'open' do nothing
    returning id`);
  return rows[0] ? findSitting(db, rows[0].id) : null;
}

export async function findOpenSitting(db: Executor, k: SittingKey): Promise<SittingRow | null> {
  const [row] = await db
    .select()
    .from(examSittings)
    .where(and(sittingOf(k), eq(examSittings.status, 'open')));
  return row ?? null;
}

/** The open sitting if there is one, else the last one submitted. */
export async function currentSitting(db: Executor, k: SittingKey): Promise<SittingRow | null> {
  const [row] = await db
    .select()
    .from(examSittings)
    .where(sittingOf(k))
    .orderBy(sql`${examSittings.status} = 'open' desc`, desc(examSittings.startedAt), desc(examSittings.id))
    .limit(1);
  return row ?? null;
}

export async function findSitting(db: Executor, id: number): Promise<SittingRow | null> {
  const [row] = await db.select().from(examSittings).where(eq(examSittings.id, id));
  return row ?? null;
}

/**
 * The sitting with its row locked (inside a transaction): `share` for an answer save, `update` for submitting, so
 * no answer is written once submitting has read them, and two submits take turns.
 */
export async function lockSitting(db: Executor, id: number, mode: 'share' | 'update'): Promise<SittingRow | null> {
  const [row] = await db.select().from(examSittings).where(eq(examSittings.id, id)).for(mode);
  return row ?? null;
}

export async function markSubmitted(db: Executor, id: number, now: Date): Promise<SittingRow> {
  const [row] = await db
    .update(examSittings)
    .set({ status: 'submitted', submittedAt: now })
    .where(eq(examSittings.id, id))
    .returning();
  return row!;
}

export async function answersOf(db: Executor, sittingId: number): Promise<AnswerRow[]> {
  return db.select().from(examAnswers).where(eq(examAnswers.sittingId, sittingId)).orderBy(asc(examAnswers.questionId));
}

export interface MarkValues {
  questionId: number;
  status: MarkStatus;
  marksAwarded: number | null;
}

/** Records the marks given at submit, adding a row (with no answer) for each question left unanswered. */
export async function recordMarks(
  db: Executor,
  v: { schoolId: number; sittingId: number; marks: MarkValues[]; now: Date },
): Promise<void> {
  if (!v.marks.length) return;
  await db
    .insert(examAnswers)
    .values(
      v.marks.map((m) => ({
        schoolId: v.schoolId,
        sittingId: v.sittingId,
        questionId: m.questionId,
        markStatus: m.status,
        marksAwarded: m.marksAwarded === null ? null : String(m.marksAwarded),
        updatedAt: v.now,
      })),
    )
    .onConflictDoUpdate({
      target: [examAnswers.sittingId, examAnswers.questionId],
      set: { markStatus: sql`excluded.mark_status`, marksAwarded: sql`excluded.marks_awarded` },
    });
}

/** As questionsOf, with the question rows share-locked (inside a transaction) while a submit marks with them. */
export async function lockQuestionsOf(db: Executor, examId: number): Promise<QuestionRow[]> {
  const rows = await db
    .select({ question: examQuestions })
    .from(examQuestions)
    .innerJoin(examSections, eq(examSections.id, examQuestions.sectionId))
    .where(eq(examQuestions.examId, examId))
    .orderBy(asc(examSections.position), asc(examSections.id), asc(examQuestions.position), asc(examQuestions.id))
    .for('share', { of: examQuestions });
  return rows.map((r) => r.question);
}

export async function releasedAt(db: Executor, classId: number, examId: number): Promise<Date | null> {
  const [row] = await db
    .select({ releasedAt: examResultReleases.releasedAt })
    .from(examResultReleases)
    .where(and(eq(examResultReleases.classId, classId), eq(examResultReleases.examId, examId)));
  return row?.releasedAt ?? null;
}

/** Open sittings (not transcribed) of an exam in a class whose deadline passed before `before`. */
export async function expiredOpenSittings(
  db: Executor,
  q: { classId: number; examId: number; timeLimitMinutes: number; before: Date },
): Promise<SittingRow[]> {
  return db
    .select()
    .from(examSittings)
    .where(
      and(
        eq(examSittings.classId, q.classId),
        eq(examSittings.examId, q.examId),
        eq(examSittings.status, 'open'),
        sql`${examSittings.transcribedBy} is null`,
        sql`${examSittings.startedAt} + make_interval(mins => ${q.timeLimitMinutes} + ${examSittings.extraTimeMinutes})
            < ${q.before}::timestamptz`,
      ),
    );
}

/** The student's last submitted sitting of the exam in the class. */
export async function lastSubmittedSitting(db: Executor, k: SittingKey): Promise<SittingRow | null> {
  const [row] = await db
    .select()
    .from(examSittings)
    .where(and(sittingOf(k), eq(examSittings.status, 'submitted')))
    .orderBy(desc(examSittings.submittedAt), desc(examSittings.id))
    .limit(1);
  return row ?? null;
}

/** Whether an exam is some lesson's question set, with its course's feature sets (LESSON_QUESTIONS decides). */
export async function lessonQuestionSetGate(db: Executor, examId: number, courseId: number) {
  const { rows } = await db.execute<{ is_lesson_question_set: boolean; feature_sets: Record<string, string[]> }>(sql`
    select exists(select 1 from lessons where question_set_id = ${examId}) as is_lesson_question_set,
      co.feature_sets
    from courses co where co.id = ${courseId}`);
  return {
    isLessonQuestionSet: rows[0]?.is_lesson_question_set ?? false,
    featureSets: rows[0]?.feature_sets ?? {},
  };
}

export async function extraTimeMinutes(db: Executor, classId: number, profileId: number): Promise<number> {
  const [row] = await db
    .select({ minutes: examExtraTime.minutes })
    .from(examExtraTime)
    .where(and(eq(examExtraTime.classId, classId), eq(examExtraTime.profileId, profileId)));
  return row?.minutes ?? 0;
}
