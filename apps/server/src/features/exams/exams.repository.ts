import type { ExamAnswer, MarkStatus } from '@banksia/contracts/exams';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  examAnswers,
  examClassLocks,
  examExtraTime,
  examQuestionGroks,
  examQuestionNotes,
  examQuestions,
  examResultReleases,
  exams,
  examSections,
  examSittings,
  type ExamQuestionDefinition,
} from '../../db/schema/index';
import type { Executor } from '../../platform/db';

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

/**
 * How a user stands towards a course's classes, for reading one of its exams outside a class: a student on the
 * roster of a class on the course, a teacher of one, or a teacher at a school with one.
 */
export async function courseStanding(db: Executor, userId: number, courseId: number) {
  const { rows } = await db.execute<{ studies: boolean; teaches: boolean; teaches_at_school: boolean }>(sql`
    select
      exists(select 1 from enrolments e join profiles p on p.id = e.profile_id
             join school_classes c on c.id = e.class_id and c.school_id = e.school_id
             where p.user_id = ${userId} and c.course_id = ${courseId} and e.access_status >= 25) as studies,
      exists(select 1 from class_teachers ct join profiles p on p.id = ct.profile_id
             join school_classes c on c.id = ct.class_id
             where p.user_id = ${userId} and c.course_id = ${courseId}) as teaches,
      exists(select 1 from profiles p join school_classes c on c.school_id = p.school_id
             where p.user_id = ${userId} and p.kind = 'teacher' and c.course_id = ${courseId}) as teaches_at_school`);
  return rows[0] ?? { studies: false, teaches: false, teaches_at_school: false };
}

/** Whether the user has submitted a sitting of the exam (in any class). */
export async function hasSubmitted(db: Executor, userId: number, examId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from exam_sittings s join profiles p on p.id = s.profile_id
                  where s.exam_id = ${examId} and p.user_id = ${userId} and s.status = 'submitted') as found`);
  return rows[0]?.found ?? false;
}

/** Whether a profile is a student on the class's roster (access status LOCKED or above). */
export async function isOnRoster(db: Executor, classId: number, schoolId: number, profileId: number) {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from enrolments e where e.class_id = ${classId} and e.school_id = ${schoolId}
                  and e.profile_id = ${profileId} and e.access_status >= 25) as found`);
  return rows[0]?.found ?? false;
}

// ---------------------------------------------------------------------------------------------------------------
// Locks and extra time

export async function lockStatus(db: Executor, classId: number, examId: number): Promise<LockStatus | null> {
  const [row] = await db
    .select({ status: examClassLocks.status })
    .from(examClassLocks)
    .where(and(eq(examClassLocks.classId, classId), eq(examClassLocks.examId, examId)));
  return row?.status ?? null;
}

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

/** Ids of the class's exams locked by a teacher. */
export async function lockedExamIds(db: Executor, classId: number): Promise<number[]> {
  const rows = await db
    .select({ examId: examClassLocks.examId })
    .from(examClassLocks)
    .where(and(eq(examClassLocks.classId, classId), eq(examClassLocks.status, 'LOCKED_BY_TEACHER')))
    .orderBy(asc(examClassLocks.examId));
  return rows.map((r) => r.examId);
}

export async function extraTimeMinutes(db: Executor, classId: number, profileId: number): Promise<number> {
  const [row] = await db
    .select({ minutes: examExtraTime.minutes })
    .from(examExtraTime)
    .where(and(eq(examExtraTime.classId, classId), eq(examExtraTime.profileId, profileId)));
  return row?.minutes ?? 0;
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

// ---------------------------------------------------------------------------------------------------------------
// Sittings and answers

interface SittingKey {
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

/**
 * Saves an answer if `version` is still the stored one (0 when there is none), in one statement so two saves
 * cannot both win (as lesson notes do). Null means the client edited an out-of-date version.
 */
export async function saveAnswer(
  db: Executor,
  v: { schoolId: number; sittingId: number; questionId: number; answer: ExamAnswer; version: number; now: Date },
): Promise<AnswerRow | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into exam_answers (school_id, sitting_id, question_id, answer, version, updated_at)
    select ${v.schoolId}, ${v.sittingId}, ${v.questionId}, ${JSON.stringify(v.answer)}::jsonb, 1, ${v.now}::timestamptz
    where ${v.version}::int = 0
       or exists(select 1 from exam_answers where sitting_id = ${v.sittingId} and question_id = ${v.questionId})
    on conflict (sitting_id, question_id) do update
      set answer = excluded.answer, version = exam_answers.version + 1, updated_at = excluded.updated_at
      where exam_answers.version = ${v.version}::int
    returning id`);
  if (!rows[0]) return null;
  const [row] = await db.select().from(examAnswers).where(eq(examAnswers.id, rows[0].id));
  return row!;
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

// ---------------------------------------------------------------------------------------------------------------
// Accepting an alternative answer

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

// ---------------------------------------------------------------------------------------------------------------
// Releasing results

export async function releasedAt(db: Executor, classId: number, examId: number): Promise<Date | null> {
  const [row] = await db
    .select({ releasedAt: examResultReleases.releasedAt })
    .from(examResultReleases)
    .where(and(eq(examResultReleases.classId, classId), eq(examResultReleases.examId, examId)));
  return row?.releasedAt ?? null;
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

/** Whether the user has a submitted sitting of the exam in a class whose results are released. */
export async function hasReleasedSitting(db: Executor, userId: number, examId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from exam_sittings s join profiles p on p.id = s.profile_id
                  join exam_result_releases r on r.class_id = s.class_id and r.exam_id = s.exam_id
                  where s.exam_id = ${examId} and p.user_id = ${userId} and s.status = 'submitted') as found`);
  return rows[0]?.found ?? false;
}

// ---------------------------------------------------------------------------------------------------------------
// Sittings whose time ran out, marking summaries and answers by question

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

/** The actor's classes on a course, as a student on the roster or a teacher, with the exam's state in each. */
export async function examClassesOf(db: Executor, q: { userId: number; courseId: number; examId: number }) {
  const { rows } = await db.execute<{
    class_id: number;
    school_id: number;
    title: string;
    profile_id: number | null;
    teaches: boolean;
    is_locked: boolean;
    released_at: string | Date | null;
    extra_time_minutes: number | null;
  }>(sql`
    select c.id as class_id, c.school_id, c.title,
           (select x.minutes from exam_extra_time x join profiles p on p.id = x.profile_id
             where x.class_id = c.id and p.user_id = ${q.userId}) as extra_time_minutes,
           (select e.profile_id from enrolments e join profiles p on p.id = e.profile_id
             where e.class_id = c.id and e.school_id = c.school_id and p.user_id = ${q.userId}
               and e.access_status >= 25 limit 1) as profile_id,
           exists(select 1 from class_teachers ct join profiles p on p.id = ct.profile_id
                  where ct.class_id = c.id and p.user_id = ${q.userId}) as teaches,
           exists(select 1 from exam_class_locks l where l.class_id = c.id and l.exam_id = ${q.examId}
                  and l.status = 'LOCKED_BY_TEACHER') as is_locked,
           (select r.released_at from exam_result_releases r
             where r.class_id = c.id and r.exam_id = ${q.examId}) as released_at
    from school_classes c
    where c.course_id = ${q.courseId}
      and (exists(select 1 from enrolments e join profiles p on p.id = e.profile_id
                  where e.class_id = c.id and e.school_id = c.school_id and p.user_id = ${q.userId}
                    and e.access_status >= 25)
           or exists(select 1 from class_teachers ct join profiles p on p.id = ct.profile_id
                     where ct.class_id = c.id and p.user_id = ${q.userId}))
    order by c.title, c.id`);
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Mistakes: grok and notes

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

/** Whether an exam is the question set of a demo lesson (the only exams shown signed out). */
export async function isDemoQuestionSet(db: Executor, examId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from lessons l join courses c on c.id = l.course_id join exams x on x.id = l.question_set_id
                  where l.question_set_id = ${examId} and l.is_demo and l.is_published and not l.is_coming_soon
                    and c.is_published and x.is_published and x.is_submittable) as found`);
  return rows[0]?.found ?? false;
}

/** The profile ids on a class's roster (for the day's pseudonyms, made over the whole class). */
export async function rosterProfileIds(db: Executor, classId: number, schoolId: number): Promise<number[]> {
  const { rows } = await db.execute<{ profile_id: number }>(sql`
    select e.profile_id from enrolments e
    where e.class_id = ${classId} and e.school_id = ${schoolId} and e.access_status >= 25`);
  return rows.map((r) => r.profile_id);
}

export type StudentExamSummaryRow = {
  exam_id: number;
  kind: 'exam' | 'question_set' | 'reflective_question_set';
  marks_total: string;
  sitting_count: number;
  best_score: string | null;
  last_submitted_at: Date | null;
};

/**
 * A student's submitted sittings in one class, summed per exam in one query: how many, the latest submission, and the
 * best score as the student may see it: before the class's results are released, a teacher's marks (and answers
 * waiting for one) count nothing, as on the student's own result page.
 */
export async function studentExamSummaries(
  db: Executor,
  q: { classId: number; schoolId: number; profileId: number },
): Promise<StudentExamSummaryRow[]> {
  const { rows } = await db.execute<StudentExamSummaryRow>(sql`
    with sittings as (
      select s.id, s.exam_id, s.submitted_at,
        coalesce(sum(a.marks_awarded) filter (
          where r.exam_id is not null or (a.marked_by is null and a.mark_status is distinct from 'needs_marking')
        ), 0) as score
      from exam_sittings s
      left join exam_result_releases r on r.class_id = s.class_id and r.exam_id = s.exam_id
      left join exam_answers a on a.sitting_id = s.id
      where s.class_id = ${q.classId} and s.school_id = ${q.schoolId} and s.profile_id = ${q.profileId}
        and s.status = 'submitted'
      group by s.id, s.exam_id, s.submitted_at
    )
    select e.id as exam_id, e.kind, e.marks_total::text as marks_total, count(*)::int as sitting_count,
      max(sittings.score)::text as best_score, max(sittings.submitted_at) as last_submitted_at
    from sittings join exams e on e.id = sittings.exam_id
    group by e.id, e.kind, e.marks_total
    order by e.id`);
  return rows;
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
