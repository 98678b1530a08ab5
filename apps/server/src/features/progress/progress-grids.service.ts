import { authorize } from '../../platform/authorize';
import type { ProgressGrid } from '@banksia/contracts/progress-grids';
import { csvFileName } from '@banksia/contracts/rules/csv';
import type { QueryLimits } from '../../platform/cancellable-query';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { QueryGate } from '../../platform/query-gate';
import type { Actor } from '../../platform/session';
import { StudentNamer } from '../../platform/student-names';
import { loadClassAccess } from '../classes/index';
import { fingerprintOf, type GridCache } from './progress-grids.cache';
import { presentExamGrid, presentQuestionGrid, presentReflectiveGrid } from './progress-grids-exams.presenter';
import { presentLessonGrid, presentStudentGrid, presentTopicGrid } from './progress-grids-items.presenter';
import { gridCsv } from './progress-grids.presenter';
import * as repo from './progress-grids.repository';

/**
 * Class progress grids (spec §2): for the class's teachers, its school's admins and staff (403 for anyone else,
 * students included). Each grid's data is one query (see the repository); the class-access check and the look-up of
 * what the grid is about (exam, topic, lesson, student) come before it.
 */

/**
 * How a request's grid query runs (the routes pass them; left out, as in tests calling the service, it just runs):
 * its turn at the app's gate for grids, its time limit, and the client's going away, which cancels it.
 */
export interface GridLimits {
  gate: QueryGate;
  timeoutMs: number;
  signal?: AbortSignal;
}

interface GridRequest {
  classId: number;
  anonymise: boolean;
  limits?: GridLimits | undefined;
  /** The app's grids as last built (see progress-grids.cache.ts); without it every grid is built afresh. */
  cache?: GridCache | undefined;
}

/** Runs a grid's data query within the request's limits. */
function limited<T>(req: GridRequest, query: (limits: QueryLimits) => Promise<T>): Promise<T> {
  if (!req.limits) return query({});
  const { gate, timeoutMs, signal } = req.limits;
  return gate.run(() => query({ timeoutMs, signal }), signal);
}

async function classScope(deps: AppDeps, actor: Actor, classId: number) {
  const { klass } = authorize(actor, 'class.teach', await loadClassAccess(deps, actor, classId));
  const scope: repo.ClassScope = { classId: klass.id, schoolId: klass.school_id, courseId: klass.course_id };
  return { klass, scope, header: { class_id: klass.id, class_title: klass.title } };
}

function namerFor(deps: AppDeps, anonymise: boolean, rows: { profile_id: number | null }[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.profile_id === null ? [] : [r.profile_id])))];
  return StudentNamer.create(anonymise, ids, deps.clock.now());
}

type ExamKind = repo.ExamRef['kind'];

/** The exam, listed (published, submittable) and of one of the kinds the page shows; 404 otherwise. */
async function requireExam(
  deps: AppDeps,
  scope: repo.ClassScope,
  examId: number,
  kinds: ExamKind[],
  topicNodeId: number | null = null,
) {
  const exam = await repo.findExam(deps.db, scope.courseId, examId, topicNodeId);
  if (!exam || !kinds.includes(exam.kind) || !exam.is_published || !exam.is_submittable) {
    throw new AppError('not_found', 'No such exam in this class.');
  }
  if (topicNodeId !== null && !exam.in_topic) throw new AppError('not_found', 'No such exam in this topic.');
  return exam;
}

async function requireTopic(deps: AppDeps, scope: repo.ClassScope, topicId: number) {
  const topic = await repo.findTopic(deps.db, scope.courseId, topicId);
  if (!topic || !topic.is_published) throw new AppError('not_found', 'No such topic in this class.');
  return topic;
}

export async function examGrid(
  deps: AppDeps,
  actor: Actor,
  req: GridRequest & { examId: number; topicId?: number },
): Promise<ProgressGrid> {
  const { scope, header } = await classScope(deps, actor, req.classId);
  const topic = req.topicId === undefined ? null : await requireTopic(deps, scope, req.topicId);
  const exam = await requireExam(deps, scope, req.examId, ['exam'], topic?.node_id ?? null);
  const rows = await limited(req, (limits) => repo.examGrid(deps.db, { ...scope, examId: exam.id }, limits));
  const namer = namerFor(deps, req.anonymise, rows);
  return presentExamGrid(
    topic ? 'topic_exam' : 'exam',
    { ...header, exam, topic: topic && { id: topic.id, title: topic.title } },
    rows,
    namer,
  );
}

export async function questionSetGrid(
  deps: AppDeps,
  actor: Actor,
  req: GridRequest & { examId: number },
): Promise<ProgressGrid> {
  const { scope, header } = await classScope(deps, actor, req.classId);
  const exam = await requireExam(deps, scope, req.examId, ['question_set']);
  const rows = await limited(req, (limits) => repo.examGrid(deps.db, { ...scope, examId: exam.id }, limits));
  return presentExamGrid('question_set', { ...header, exam }, rows, namerFor(deps, req.anonymise, rows));
}

export async function reflectiveGrid(
  deps: AppDeps,
  actor: Actor,
  req: GridRequest & { examId: number },
): Promise<ProgressGrid> {
  const { scope, header } = await classScope(deps, actor, req.classId);
  const exam = await requireExam(deps, scope, req.examId, ['reflective_question_set']);
  const rows = await limited(req, (limits) =>
    repo.examGrid(deps.db, { ...scope, examId: exam.id, withAnswers: true }, limits),
  );
  return presentReflectiveGrid({ ...header, exam }, rows, namerFor(deps, req.anonymise, rows));
}

export async function questionGrid(
  deps: AppDeps,
  actor: Actor,
  req: GridRequest & { examId: number; questionId: number },
): Promise<ProgressGrid> {
  const { scope, header } = await classScope(deps, actor, req.classId);
  const exam = await requireExam(deps, scope, req.examId, ['question_set', 'exam']);
  const rows = await limited(req, (limits) =>
    repo.examGrid(
      deps.db,
      {
        ...scope,
        examId: exam.id,
        questionId: req.questionId,
        withAnswers: true,
      },
      limits,
    ),
  );
  const first = rows.find((r) => r.question_id !== null);
  if (!first) throw new AppError('not_found', 'No such question in this question set.');
  const options = first.question_options ?? [];
  return presentQuestionGrid(
    { ...header, exam, question: { id: req.questionId, title: `Question ${first.question_no}` } },
    rows,
    options,
    namerFor(deps, req.anonymise, rows),
  );
}

export async function topicGrid(
  deps: AppDeps,
  actor: Actor,
  req: GridRequest & { topicId: number },
): Promise<ProgressGrid> {
  const { scope, header } = await classScope(deps, actor, req.classId);
  // Pseudonyms change daily, so only grids with real names are kept (they are the large, often-refreshed ones).
  const cache = req.anonymise ? undefined : req.cache;
  const slot = `topic:${scope.classId}:${req.topicId}`;
  const known = cache?.peek(slot);
  // The topic's check and the grid's query side by side: one wait for the database, not two. The grid's data is
  // used only once the topic is found to be a published topic of the class's course.
  const [topic, data] = await Promise.all([
    requireTopic(deps, scope, req.topicId),
    limited(req, (limits) =>
      repo.itemGridData(
        deps.db,
        {
          ...scope,
          topicId: req.topicId,
          knownCellsVersion: known?.cellsVersion,
          knownItemsVersion: known?.itemsVersion,
        },
        limits,
      ),
    ),
  ]);
  const gridHeader = { ...header, topic: { id: topic.id, title: topic.title } };
  // Left out by the query when their version is the one this entry was built from.
  const facts = data.facts ?? known!.facts;
  const gridItems = data.items ?? known!.items;
  const fingerprint = fingerprintOf([gridHeader, data.items_version, data.students, data.cells_version]);
  const cached = cache?.get(slot, fingerprint);
  if (cached) return cached;
  const items = repo.layOutItemGrid({ items: gridItems, students: data.students }, facts);
  const grid = presentTopicGrid(gridHeader, items, namerFor(deps, req.anonymise, items.students));
  cache?.set(slot, {
    fingerprint,
    cellsVersion: data.cells_version,
    facts,
    itemsVersion: data.items_version,
    items: gridItems,
    grid,
  });
  return grid;
}

export async function lessonGrid(
  deps: AppDeps,
  actor: Actor,
  req: GridRequest & { lessonId: number },
): Promise<ProgressGrid> {
  const { scope, header } = await classScope(deps, actor, req.classId);
  const lesson = await repo.findLesson(deps.db, scope.courseId, req.lessonId);
  if (!lesson || !lesson.is_published) throw new AppError('not_found', 'No such lesson in this class.');
  const rows = await limited(req, (limits) => repo.lessonGrid(deps.db, { ...scope, lessonId: lesson.id }, limits));
  return presentLessonGrid(
    { ...header, lesson: { id: lesson.id, title: lesson.title } },
    rows,
    namerFor(deps, req.anonymise, rows),
  );
}

export async function studentGrid(
  deps: AppDeps,
  actor: Actor,
  req: GridRequest & { profileId: number },
): Promise<ProgressGrid> {
  const { scope, header } = await classScope(deps, actor, req.classId);
  const student = await repo.findRosterStudent(deps.db, scope, req.profileId);
  if (!student) throw new AppError('not_found', 'No such student in this class.');
  const data = await limited(req, (limits) =>
    repo.itemGrid(deps.db, { ...scope, topicId: null, profileId: student.profile_id }, limits),
  );
  // With names hidden, the pseudonym is the one the class's grids show for this student today.
  const namer = StudentNamer.create(req.anonymise, student.roster_ids, deps.clock.now());
  return presentStudentGrid(
    {
      ...header,
      student: {
        profile_id: student.profile_id,
        ...namer.name(student.profile_id, { first_name: student.first_name, last_name: student.last_name }),
      },
    },
    data,
    namer,
  );
}

/** The CSV download of a grid: its text and a file name from the class and what the grid is about. */
export function gridCsvFile(g: ProgressGrid): { body: string; fileName: string } {
  return { body: gridCsv(g), fileName: csvFileName(g.class_title, 'progress', g.kind, g.title) };
}
