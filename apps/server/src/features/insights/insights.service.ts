import { authorize } from '../../platform/authorize';
import type { ExamAnswer } from '@banksia/contracts/exams';
import type {
  ExamInsights,
  ExamResults,
  InsightStudent,
  LessonInsights,
  QuestionInsights,
} from '@banksia/contracts/insights';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { StudentNamer } from '../../platform/student-names';
import { loadClassAccess, type ClassAccess } from '../classes/index';
import { closeExpiredSittings } from '../exams/index';
import { answerText, groupAnswers, isAutoMarked, optionTexts } from './answer-groups';
import { inNameOrder, presentExamResults, presentNeedsHelp, questionOf, round4, student } from './insights.presenter';
import * as repo from './insights.repository';

/** How many distinct answers the question page lists. */
export const COMMON_ANSWERS = 10;

interface TopicScope {
  access: ClassAccess;
  scope: repo.ClassScope;
  topic: { id: number; title: string };
}

/**
 * The class (for those who may teach it: its teachers, its school's admins, staff; 403 for anyone else) and a topic
 * of its course (404 when the course has no such section).
 */
async function requireTopic(deps: AppDeps, actor: Actor, classId: number, topicId: number): Promise<TopicScope> {
  const access = authorize(actor, 'class.teach', await loadClassAccess(deps, actor, classId));
  const topic = await repo.findTopic(deps.db, access.klass.course_id, topicId);
  if (!topic) throw new AppError('not_found', 'No such topic in this class.');
  return { access, scope: { classId: access.klass.id, schoolId: access.klass.school_id }, topic };
}

/** A scored exam or question set of the topic; 404 when it is not in the class's course or not in that topic. */
async function requireExamInTopic(deps: AppDeps, t: TopicScope, examId: number) {
  const exam = await repo.findExamInTopic(deps.db, {
    courseId: t.access.klass.course_id,
    topicId: t.topic.id,
    examId,
  });
  if (!exam) throw new AppError('not_found', 'No such exam in this class.');
  if (!exam.in_topic) throw new AppError('not_found', 'This exam is not in that topic.');
  if (exam.kind === 'reflective_question_set') {
    throw new AppError('not_found', 'A reflective question set has no marks; see its progress page instead.');
  }
  return { ...exam, kind: exam.kind };
}

/** The scores of an exam in the class (three queries), and the roster with each student's last submitted sitting. */
async function examResults(
  deps: AppDeps,
  scope: repo.ClassScope,
  exam: { id: number; title: string; kind: 'exam' | 'question_set'; marks_total: string },
): Promise<{ results: ExamResults; roster: repo.ExamRosterRow[] }> {
  const q = { ...scope, examId: exam.id };
  const [roster, questions] = await Promise.all([repo.examRoster(deps.db, q), repo.questionAggregates(deps.db, q)]);
  const autoMarked = questions.filter((row) => isAutoMarked(questionOf(row).type)).map((row) => row.question_id);
  const wrong = new Map<number, ExamAnswer[]>();
  for (const row of await repo.wrongAnswers(deps.db, { ...q, questionIds: autoMarked })) {
    const list = wrong.get(row.question_id) ?? [];
    list.push(row.answer);
    wrong.set(row.question_id, list);
  }
  return { results: presentExamResults(exam, roster, questions, wrong), roster };
}

/**
 * The lesson engagement dashboard: per chunk, visits and watching; self-ratings; who took notes; who has not
 * started; and the results of the lesson's question set. The lesson must sit under the topic (404 otherwise).
 */
export async function lessonInsights(
  deps: AppDeps,
  actor: Actor,
  key: { classId: number; topicId: number; lessonId: number; anonymise: boolean },
): Promise<LessonInsights> {
  const t = await requireTopic(deps, actor, key.classId, key.topicId);
  const lesson = await repo.findLessonInTopic(deps.db, {
    courseId: t.access.klass.course_id,
    topicId: t.topic.id,
    lessonId: key.lessonId,
  });
  if (!lesson) throw new AppError('not_found', 'No such lesson in this class.');
  if (!lesson.in_topic) throw new AppError('not_found', 'This lesson is not in that topic.');
  const q = { ...t.scope, lessonId: lesson.id };
  const [chunks, roster, questionSet] = await Promise.all([
    repo.chunkEngagement(deps.db, q),
    repo.lessonRoster(deps.db, q),
    lesson.question_set_id === null ? null : repo.findExam(deps.db, lesson.question_set_id),
  ]);
  const namer = StudentNamer.create(
    key.anonymise,
    roster.map((r) => r.profile_id),
    deps.clock.now(),
  );
  const named = (rows: typeof roster) =>
    inNameOrder(
      namer,
      rows.map((r) => ({ student: student(namer, r) })),
    ).map((r): InsightStudent => r.student);
  const studentCount = roster.length;
  const ratings = roster.map((r) => r.rating).filter((r): r is number => r !== null);
  const scored = questionSet && questionSet.kind !== 'reflective_question_set' ? questionSet : null;
  return {
    class_id: t.scope.classId,
    topic: t.topic,
    lesson: {
      id: lesson.id,
      title: lesson.title,
      is_published: lesson.is_published,
      is_coming_soon: lesson.is_coming_soon,
    },
    anonymised: namer.anonymised,
    student_count: studentCount,
    students_started: roster.filter((r) => r.started).length,
    chunks: chunks.map((c) => ({
      chunk_id: c.chunk_id,
      index: c.index,
      title: c.title,
      duration_seconds: c.duration,
      students_visited: c.students_visited,
      total_visits: c.total_visits,
      students_played: c.students_played,
      average_seconds_watched: c.average_seconds === null ? null : Math.round(c.average_seconds * 10) / 10,
      students_watched: c.students_watched,
      watched_share: studentCount > 0 ? round4(c.students_watched / studentCount) : null,
    })),
    self_ratings: {
      counts: [1, 2, 3, 4, 5].map((rating) => ({
        rating,
        students: ratings.filter((r) => r === rating).length,
      })),
      not_rated: studentCount - ratings.length,
      average: ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100 : null,
    },
    students_with_notes: named(roster.filter((r) => r.has_notes)),
    not_started: named(roster.filter((r) => !r.started)),
    question_set: scored
      ? (await examResults(deps, t.scope, { ...scored, kind: scored.kind === 'exam' ? 'exam' : 'question_set' }))
          .results
      : null,
  };
}

/**
 * Exam insights: the score distribution of the class's last submitted sittings, each question's facility and most
 * common wrong answers, and who needs help. The exam (or question set) must belong to the topic (404 otherwise).
 */
export async function examInsights(
  deps: AppDeps,
  actor: Actor,
  key: { classId: number; topicId: number; examId: number; anonymise: boolean },
): Promise<ExamInsights> {
  const t = await requireTopic(deps, actor, key.classId, key.topicId);
  const exam = await requireExamInTopic(deps, t, key.examId);
  await closeExpiredSittings(deps, t.scope.classId, exam.id);
  const { results, roster } = await examResults(deps, t.scope, exam);
  const namer = StudentNamer.create(
    key.anonymise,
    roster.map((r) => r.profile_id),
    deps.clock.now(),
  );
  return {
    class_id: t.scope.classId,
    topic: t.topic,
    anonymised: namer.anonymised,
    student_count: roster.length,
    results,
    needs_help: presentNeedsHelp(namer, roster, Number(exam.marks_total)),
  };
}

/**
 * One question across the class: its prompt, facility, how many got each mark, the most common answers (right and
 * wrong), and each student's answer with its mark.
 */
export async function questionInsights(
  deps: AppDeps,
  actor: Actor,
  key: { classId: number; topicId: number; examId: number; questionId: number; anonymise: boolean },
): Promise<QuestionInsights> {
  const t = await requireTopic(deps, actor, key.classId, key.topicId);
  const exam = await requireExamInTopic(deps, t, key.examId);
  const row = await repo.findQuestion(deps.db, exam.id, key.questionId);
  if (!row) throw new AppError('not_found', 'No such question in this exam.');
  await closeExpiredSittings(deps, t.scope.classId, exam.id);
  const [order, rows] = await Promise.all([
    repo.questionOrder(deps.db, exam.id),
    repo.questionAnswers(deps.db, { ...t.scope, examId: exam.id, questionId: row.id }),
  ]);
  const question = questionOf(row);
  const auto = isAutoMarked(question.type);
  const namer = StudentNamer.create(
    key.anonymise,
    rows.map((r) => r.profile_id),
    deps.clock.now(),
  );
  const submitted = rows.filter((r) => r.sitting_id !== null);
  const marked = submitted.filter((r) => r.marks_awarded !== null && r.mark_status !== 'needs_marking');
  const markSum = marked.reduce((sum, r) => sum + Number(r.marks_awarded), 0);

  // 0, 1, … the question's marks, plus any part marks given (0.5 of a partial multiple choice).
  const distribution = new Map<number, number>();
  for (let m = 0; m <= Math.floor(question.marks); m++) distribution.set(m, 0);
  for (const r of marked) {
    const m = Number(r.marks_awarded);
    distribution.set(m, (distribution.get(m) ?? 0) + 1);
  }

  const position = order.indexOf(row.id);
  const options = optionTexts(question);
  const correctIds = question.type === 'multiple_choice' ? new Set(question.correct_option_ids) : new Set<string>();
  return {
    class_id: t.scope.classId,
    topic: t.topic,
    exam: { id: exam.id, title: exam.title, kind: exam.kind },
    anonymised: namer.anonymised,
    student_count: rows.length,
    question: {
      question_id: row.id,
      number: position + 1,
      question_count: order.length,
      previous_question_id: position > 0 ? order[position - 1]! : null,
      next_question_id: position < order.length - 1 ? order[position + 1]! : null,
      type: question.type,
      prompt: question.prompt,
      marks: question.marks,
      auto_marked: auto,
      options: [...options.entries()].map(([id, text]) => ({ id, text, correct: correctIds.has(id) })),
    },
    submitted: submitted.length,
    marked: marked.length,
    needs_marking: submitted.filter((r) => r.mark_status === 'needs_marking').length,
    facility: marked.length ? round4(Math.min(1, markSum / (marked.length * question.marks))) : null,
    mark_distribution: [...distribution.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([marks, students]) => ({ marks, students })),
    common_answers: auto
      ? groupAnswers(
          question,
          submitted.map((r) => ({ answer: r.answer, correct: r.mark_status === 'correct' })),
          COMMON_ANSWERS,
        )
      : [],
    answers: inNameOrder(
      namer,
      submitted.map((r) => ({
        student: student(namer, r),
        answer_text: answerText(question, r.answer),
        answer_html:
          question.type === 'extended_response' && r.answer && 'html' in r.answer && r.answer.html !== ''
            ? r.answer.html
            : null,
        mark_status: r.mark_status,
        marks_awarded: r.marks_awarded === null ? null : Number(r.marks_awarded),
      })),
    ),
    not_submitted: inNameOrder(
      namer,
      rows.filter((r) => r.sitting_id === null).map((r) => ({ student: student(namer, r) })),
    ).map((r) => r.student),
  };
}
