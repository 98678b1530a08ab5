import { authorize } from '../../platform/authorize';
import { answerSchemaByType, objectiveQuestionTypes, type QuestionType } from '@banksia/contracts/exams';
import { markObjective } from '@banksia/contracts/rules/answer-marking';
import {
  calendarDaysBetween,
  endOfDay,
  missRate,
  ratingForMark,
  REVIEW_SET_SIZE,
  startOfDay,
} from '@banksia/contracts/rules/review';
import {
  MAX_STRUGGLING_STUDENTS,
  type ReviewAnswerBody,
  type ReviewAnswerResult,
  type ReviewToday,
  type ReviewTopic,
  type ReviewTopics,
} from '@banksia/contracts/review';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { StudentNamer } from '../../platform/student-names';
import { loadClassAccess } from '../classes/index';
import { questionOf } from '../exams/index';
import { presentReviewQuestion, presentSolution } from './review.presenter';
import * as repo from './review.repository';
import { cardUpdate, newCardState, nextReview } from './review.scheduler';

const iso = (value: Date | string) => new Date(value).toISOString();
const isObjective = (type: QuestionType) => (objectiveQuestionTypes as readonly string[]).includes(type);

/** Makes the cards the scope is owed (wrong answers, low-rated lessons); one statement per source, idempotent. */
export async function syncCards(deps: AppDeps, scope: repo.SyncScope): Promise<void> {
  const now = deps.clock.now();
  const card = newCardState(now);
  await repo.syncWrongAnswers(deps.db, scope, card, now);
  await repo.syncLowRatings(deps.db, scope, card, now);
}

/**
 * The student's review for today (across their classes, or in one): their cards are brought up to date first, then
 * the set is the REVIEW_SET_SIZE cards due soonest by the end of today, each question without its answer key.
 * "Today" is the school's day (ADR 048): the class's school's, or across classes that of the student's first school.
 */
export async function reviewToday(
  deps: AppDeps,
  actor: Actor,
  q: { classId?: number | undefined },
): Promise<ReviewToday> {
  let classZone: string | null = null;
  if (q.classId !== undefined) {
    const access = await loadClassAccess(deps, actor, q.classId);
    if (access.studentProfileId === null) throw new AppError('forbidden', 'Only students of the class have a review.');
    classZone = access.klass.time_zone;
  }
  const now = deps.clock.now();
  const [studentZone] = await Promise.all([
    classZone ?? repo.studentTimeZone(deps.db, actor.userId),
    syncCards(deps, { userId: actor.userId, classId: q.classId }),
  ]);
  const timeZone = studentZone ?? deps.config.schoolTimeZone;
  const before = endOfDay(now, timeZone);
  const [{ cards, questions }, counts] = await Promise.all([
    repo.dueCards(deps.db, { userId: actor.userId, classId: q.classId, before, limit: REVIEW_SET_SIZE }),
    repo.reviewCounts(deps.db, { userId: actor.userId, classId: q.classId, before, since: startOfDay(now, timeZone) }),
  ]);
  const byId = new Map(questions.map((row) => [row.id, row]));
  return {
    time_zone: timeZone,
    cards: cards.map((c) => ({
      class_id: c.class_id,
      class_name: c.class_title,
      question_id: c.question_id,
      exam_id: c.exam_id,
      exam_title: c.exam_title,
      topic: c.topic,
      source: c.source,
      due: iso(c.due),
      reps: c.reps,
      lapses: c.lapses,
      question: presentReviewQuestion(byId.get(c.question_id)!),
    })),
    due_today: counts.due_today,
    done_today: counts.done_today,
    total_cards: counts.total_cards,
    next_due: counts.due_today === 0 && counts.next_due !== null ? iso(counts.next_due) : null,
  };
}

function answerErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[['answer', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
  return errors;
}

/**
 * Checks the student's answer to one of their due cards: marks it (markObjective), rates it (ratingForMark), lets
 * FSRS schedule it, and records the review, all in one transaction. 404 for a card that is not the student's in the
 * class; 409 for one not due by the end of today; 400 naming the field for an empty or misshapen answer.
 */
export async function answerCard(
  deps: AppDeps,
  actor: Actor,
  key: { classId: number; questionId: number },
  body: ReviewAnswerBody,
): Promise<ReviewAnswerResult> {
  const access = await loadClassAccess(deps, actor, key.classId);
  const profileId = access.studentProfileId;
  if (profileId === null) throw new AppError('not_found', 'No such review question.');
  // The card is due by the end of the class's school's day (ADR 048).
  const timeZone = access.klass.time_zone;
  const now = deps.clock.now();
  const cardKey = { classId: access.klass.id, profileId, questionId: key.questionId };
  // A card owed but not made yet (the review page was not opened since the exam) is made first.
  if (!(await repo.hasCard(deps.db, cardKey)))
    await syncCards(deps, { userId: actor.userId, classId: cardKey.classId });
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockCard(tx, cardKey);
    if (!row || row.schoolId !== access.klass.school_id) throw new AppError('not_found', 'No such review question.');
    const questionRow = await repo.findQuestion(tx, row.questionId);
    if (!questionRow) throw new AppError('not_found', 'No such review question.');
    const question = questionOf(questionRow);
    if (!isObjective(question.type)) throw new AppError('not_found', 'No such review question.');
    if (new Date(row.due).getTime() >= endOfDay(now, timeZone).getTime()) {
      throw new AppError('conflict', `This question is not due yet: it comes back on ${iso(row.due).slice(0, 10)}.`);
    }
    const parsed = answerSchemaByType[question.type].safeParse(body.answer);
    if (!parsed.success)
      throw new AppError('validation_failed', undefined, { errors: answerErrors(parsed.error.issues) });
    const mark = markObjective(question, parsed.data);
    const rating = ratingForMark(mark.status);
    if (rating === null) {
      throw new AppError('validation_failed', undefined, { errors: { answer: ['Give an answer before checking.'] } });
    }
    const next = nextReview(row, now, rating);
    await repo.updateCard(tx, cardKey, cardUpdate(next, now));
    await repo.insertLog(tx, {
      schoolId: row.schoolId,
      classId: row.classId,
      profileId,
      questionId: row.questionId,
      rating,
      correct: mark.status === 'correct',
      scheduledDays: next.scheduled_days,
      stability: next.stability,
      reviewedAt: now,
    });
    return {
      class_id: row.classId,
      question_id: row.questionId,
      correct: mark.status === 'correct',
      mark_status: mark.status,
      marks_awarded: mark.marks_awarded,
      rating,
      solution: presentSolution(questionRow),
      due: next.due.toISOString(),
      scheduled_days: next.scheduled_days,
      comes_back_in_days: Math.max(0, calendarDaysBetween(now, next.due, timeZone)),
      reps: next.reps,
      lapses: next.lapses,
    };
  });
}

/** Topics by miss rate (highest first; topics not yet reviewed last, most cards first), then by course order. */
function compareTopics(a: ReviewTopic & { position: number }, b: ReviewTopic & { position: number }): number {
  if (a.miss_rate !== b.miss_rate) {
    if (a.miss_rate === null) return 1;
    if (b.miss_rate === null) return -1;
    return b.miss_rate - a.miss_rate;
  }
  return b.missed - a.missed || b.cards - a.cards || a.position - b.position;
}

/**
 * The topics the class keeps missing, for those who may teach it: per topic of the course, the class's cards,
 * reviews, share answered wrong (Again) and lapses, with the students who struggle most. The class's cards are
 * brought up to date first, so the view does not wait for each student to open their review.
 */
export async function classTopics(
  deps: AppDeps,
  actor: Actor,
  classId: number,
  anonymise: boolean,
): Promise<ReviewTopics> {
  const { klass } = authorize(actor, 'class.teach', await loadClassAccess(deps, actor, classId));
  await syncCards(deps, { classId: klass.id, schoolId: klass.school_id });
  const [rows, roster] = await Promise.all([
    repo.topicStudentStats(deps.db, { classId: klass.id, schoolId: klass.school_id, courseId: klass.course_id }),
    repo.rosterProfileIds(deps.db, klass.id, klass.school_id),
  ]);
  const namer = StudentNamer.create(anonymise, roster, deps.clock.now());
  const topics = new Map<string, ReviewTopic & { position: number; rows: repo.TopicStudentRow[] }>();
  for (const row of rows) {
    const key = String(row.section_id);
    let topic = topics.get(key);
    if (!topic) {
      topic = {
        section_id: row.section_id,
        title: row.section_title ?? 'Not in a topic',
        position: row.section_position ?? Number.MAX_SAFE_INTEGER,
        cards: 0,
        students: 0,
        reviews: 0,
        missed: 0,
        miss_rate: null,
        lapses: 0,
        struggling: [],
        rows: [],
      };
      topics.set(key, topic);
    }
    topic.cards += row.cards;
    topic.students += 1;
    topic.reviews += row.reviews;
    topic.missed += row.missed;
    topic.lapses += row.lapses;
    topic.rows.push(row);
  }
  const list = [...topics.values()].map((topic) => {
    const named = topic.rows
      .filter((r) => r.missed > 0 || r.lapses > 0)
      .map((r) => ({
        profile_id: r.profile_id,
        ...namer.name(r.profile_id, r),
        missed: r.missed,
        lapses: r.lapses,
        cards: r.cards,
      }));
    // Most misses, then lapses; ties in the order of the names shown (pseudonyms when hidden).
    const struggling = namer
      .sort(named, (s) => s)
      .sort((a, b) => b.missed - a.missed || b.lapses - a.lapses)
      .slice(0, MAX_STRUGGLING_STUDENTS);
    const { rows: _rows, ...rest } = topic;
    return { ...rest, miss_rate: missRate(topic.missed, topic.reviews), struggling };
  });
  return {
    class_id: klass.id,
    anonymised: namer.anonymised,
    topics: list.sort(compareTopics).map(({ position: _position, ...topic }) => topic),
  };
}
