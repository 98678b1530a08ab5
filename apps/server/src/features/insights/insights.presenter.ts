import type { ExamAnswer, ExamQuestion } from '@banksia/contracts/exams';
import {
  NEEDS_HELP_BELOW_PERCENT,
  SCORE_BAND_COUNT,
  scoreBandIndex,
  type ExamResults,
  type InsightStudent,
  type NeedsHelpEntry,
  type QuestionSummary,
  type ScoreBand,
} from '@banksia/contracts/insights';
import type { StudentNamer } from '../../platform/student-names';
import { groupAnswers, isAutoMarked, plainText } from './answer-groups';
import type { ExamRosterRow, QuestionAggregateRow } from './insights.repository';

/** How many wrong answers each question lists on the exam insights page. */
export const COMMON_WRONG_ANSWERS = 3;

const round1 = (n: number) => Math.round(n * 10) / 10;
/** A share rounded to 4 places (0.6667), so responses stay short and stable. */
export const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** A stored question (columns and definition) as the contracts define it. */
export function questionOf(row: {
  question_id?: number;
  id?: number;
  marks: string;
  prompt: string;
  definition: QuestionAggregateRow['definition'];
}): ExamQuestion {
  return {
    ...row.definition,
    id: String(row.question_id ?? row.id),
    marks: Number(row.marks),
    prompt: row.prompt,
    worked_solution: '',
  } as ExamQuestion;
}

/** A student as a response names them, through the response's one namer. */
export function student(namer: StudentNamer, row: { profile_id: number; first_name: string; last_name: string }) {
  return { profile_id: row.profile_id, ...namer.name(row.profile_id, row) } satisfies InsightStudent;
}

/** Students in reading order: as the query gave them (by real name), or by pseudonym when names are hidden. */
export function inNameOrder<T extends { student: InsightStudent }>(namer: StudentNamer, rows: T[]): T[] {
  return namer.anonymised ? namer.sort(rows, (r) => r.student) : rows;
}

/** A last submitted sitting's score in percent (0–100), or null when the exam has no marks to score. */
export function percentOf(row: Pick<ExamRosterRow, 'marks_awarded'>, marksTotal: number): number | null {
  if (row.marks_awarded === null || !(marksTotal > 0)) return null;
  return Math.min(100, Math.max(0, (Number(row.marks_awarded) / marksTotal) * 100));
}

export function presentExamResults(
  exam: { id: number; title: string; kind: 'exam' | 'question_set'; marks_total: string },
  roster: ExamRosterRow[],
  questions: QuestionAggregateRow[],
  wrong: Map<number, ExamAnswer[]>,
): ExamResults {
  const marksTotal = Number(exam.marks_total);
  const bands: ScoreBand[] = Array.from({ length: SCORE_BAND_COUNT }, (_, i) => ({
    from: i * 10,
    to: (i + 1) * 10,
    students: 0,
  }));
  const percents: number[] = [];
  for (const row of roster) {
    const percent = percentOf(row, marksTotal);
    if (percent === null) continue;
    percents.push(percent);
    bands[scoreBandIndex(percent)]!.students += 1;
  }
  const submitted = roster.filter((r) => r.sitting_id !== null).length;
  const inProgress = roster.filter((r) => r.sitting_id === null && r.has_open).length;
  return {
    exam_id: exam.id,
    title: exam.title,
    kind: exam.kind,
    marks_total: marksTotal,
    submitted,
    in_progress: inProgress,
    not_started: roster.length - submitted - inProgress,
    average_percent: percents.length ? round1(percents.reduce((a, b) => a + b, 0) / percents.length) : null,
    awaiting_marking: roster.filter((r) => r.sitting_id !== null && r.needs_marking > 0).length,
    score_bands: bands,
    questions: questions.map((row, index): QuestionSummary => {
      const question = questionOf(row);
      const marked = row.marked;
      const auto = isAutoMarked(question.type);
      const given = (wrong.get(row.question_id) ?? []).map((answer) => ({ answer, correct: false }));
      return {
        question_id: row.question_id,
        number: index + 1,
        section_title: row.section_title,
        type: question.type,
        prompt_text: plainText(row.prompt),
        marks: question.marks,
        submitted: row.submitted,
        marked,
        needs_marking: row.needs_marking,
        facility: marked > 0 ? round4(Math.min(1, Number(row.marks_sum) / (marked * question.marks))) : null,
        auto_marked: auto,
        common_wrong_answers: auto ? groupAnswers(question, given, COMMON_WRONG_ANSWERS) : [],
      };
    }),
  };
}

const reasonOrder = { below_half: 0, not_submitted: 1, not_started: 2 } as const;

/**
 * "Who needs help": students whose last submitted sitting scored below 50% (lowest first), then those with a sitting
 * open and none submitted, then those who have not started; by name within each.
 */
export function presentNeedsHelp(namer: StudentNamer, roster: ExamRosterRow[], marksTotal: number): NeedsHelpEntry[] {
  const entries: NeedsHelpEntry[] = [];
  for (const row of roster) {
    if (row.sitting_id !== null) {
      const percent = percentOf(row, marksTotal);
      if (percent === null || percent >= NEEDS_HELP_BELOW_PERCENT) continue;
      entries.push({
        student: student(namer, row),
        reason: 'below_half',
        percent: round1(percent),
        awaiting_marking: row.needs_marking > 0,
      });
    } else {
      entries.push({
        student: student(namer, row),
        reason: row.has_open ? 'not_submitted' : 'not_started',
        percent: null,
        awaiting_marking: false,
      });
    }
  }
  const named = inNameOrder(namer, entries);
  const position = new Map(named.map((entry, index) => [entry, index]));
  return named.sort(
    (a, b) =>
      reasonOrder[a.reason] - reasonOrder[b.reason] ||
      (a.percent ?? 0) - (b.percent ?? 0) ||
      position.get(a)! - position.get(b)!,
  );
}
