import { iso, num, optionalIso, presentQuestion, roundMarks, type LockStatus, type QuestionRow } from '../shared/index';
import type { classSittings, questionResponses } from './marking.repository';
import type { AnonymisedName } from '@banksia/contracts/rules/anonymiser';
import type { ClassSittings, ExamLock, ExtraTime, QuestionResponses } from '@banksia/contracts/exam-api';

// Sums of two-decimal marks, kept at two decimals (0.1 + 0.2 is 0.3).
export function presentLock(classId: number, examId: number, status: LockStatus | null): ExamLock {
  const current = status ?? 'OPEN';
  return { class_id: classId, exam_id: examId, status: current, is_locked: current === 'LOCKED_BY_TEACHER' };
}

export function presentExtraTime(classId: number, profileId: number, minutes: number): ExtraTime {
  return { class_id: classId, profile_id: profileId, minutes };
}

type ClassSittingRow = Awaited<ReturnType<typeof classSittings>>[number];

/** Pseudonyms of a class's students for the day (spec §4 anonymiser), or null when names are shown. */
export type Pseudonyms = Map<number, AnonymisedName> | null;

/** A student's name, or their pseudonym when names are hidden. */
function studentName(
  profileId: number,
  name: { first_name: string; last_name: string },
  pseudonyms: Pseudonyms,
): { first_name: string; last_name: string } {
  const pseudonym = pseudonyms?.get(profileId);
  if (!pseudonyms) return { first_name: name.first_name, last_name: name.last_name };
  // A student missing from the roster's pseudonyms still gets none of their real name.
  return { first_name: pseudonym?.firstName ?? 'Student', last_name: pseudonym?.lastName ?? String(profileId) };
}

/** With names hidden, lists are ordered by pseudonym: the real alphabetical order would tell who is who. */
function byName<T extends { first_name: string; last_name: string }>(rows: T[], pseudonyms: Pseudonyms): T[] {
  if (!pseudonyms) return rows;
  const key = (r: T) => `${r.last_name} ${r.first_name}`.toLowerCase();
  return [...rows].sort((a, b) => key(a).localeCompare(key(b)));
}

export function presentClassSittings(
  rows: ClassSittingRow[],
  extra: {
    releasedAt: Date | null;
    questions: { question_id: number; submitted: number; needs_marking: number }[];
    pseudonyms: Pseudonyms;
  },
): ClassSittings {
  const students = rows.map((r) => ({
    profile_id: r.profile_id,
    ...studentName(r.profile_id, r, extra.pseudonyms),
    extra_time_minutes: r.extra_time_minutes ?? 0,
    sitting:
      r.sitting_id === null
        ? null
        : {
            id: r.sitting_id,
            status: r.status!,
            started_at: iso(r.started_at!),
            submitted_at: optionalIso(r.submitted_at),
            transcribed: r.transcribed ?? false,
            marks_awarded: roundMarks(num(r.marks_awarded ?? '0')),
            needs_marking: r.needs_marking ?? 0,
          },
  }));
  return {
    released_at: optionalIso(extra.releasedAt),
    anonymised: extra.pseudonyms !== null,
    questions: extra.questions,
    students: byName(students, extra.pseudonyms),
  };
}

type ResponseRow = Awaited<ReturnType<typeof questionResponses>>[number];

export function presentQuestionResponses(
  question: QuestionRow,
  rows: ResponseRow[],
  pseudonyms: Pseudonyms,
): QuestionResponses {
  const responses = rows.map((r) => ({
    profile_id: r.profile_id,
    ...studentName(r.profile_id, r, pseudonyms),
    sitting_id: r.sitting_id,
    submitted_at: iso(r.submitted_at),
    transcribed: r.transcribed,
    answer: r.answer,
    mark_status: r.mark_status,
    marks_awarded: r.marks_awarded === null ? null : num(r.marks_awarded),
    feedback: r.feedback ?? '',
    marked_by_teacher: r.marked_by !== null,
  }));
  return {
    question: presentQuestion(question, true),
    anonymised: pseudonyms !== null,
    responses: byName(responses, pseudonyms),
  };
}
