import { authorize, can } from '../../platform/authorize';
import type {
  TaskDetail,
  TaskInsights,
  TaskItemDetail,
  TaskItemInput,
  TaskList,
  TaskOptions,
  TaskQuestionInsights,
  TaskSummary,
  TaskViewer,
  createTaskBody,
  updateTaskBody,
} from '@banksia/contracts/tasks';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { sanitizeRichText, isBlankRichText, stripMarkup } from '../../platform/sanitize';
import type { Actor } from '../../platform/session';
import { StudentNamer } from '../../platform/student-names';
import { loadClassAccess, type ClassAccess } from '../classes/index';
import { answerText, Completion, presentItem, presentSummary, statusText } from './tasks.presenter';
import * as repo from './tasks.repository';

type CreateBody = z.infer<typeof createTaskBody>;
type UpdateBody = z.infer<typeof updateTaskBody>;

/** The task and how the actor stands in its class; 404 for anyone outside the class (the task stays unseen). */
async function taskAccess(deps: AppDeps, actor: Actor, taskId: number) {
  const task = await repo.findTask(deps.db, taskId);
  if (!task) throw new AppError('not_found', 'No such task.');
  const access = await loadClassAccess(deps, actor, task.class_id);
  if (access.klass.school_id !== task.school_id) throw new AppError('not_found', 'No such task.');
  const viewer: TaskViewer | null = can(actor, 'class.teach', access)
    ? 'teacher'
    : access.studentProfileId !== null
      ? 'student'
      : null;
  if (!viewer) throw new AppError('not_found', 'No such task.');
  return { task, access, viewer, profileId: viewer === 'student' ? access.studentProfileId : null };
}

async function teacherTaskAccess(deps: AppDeps, actor: Actor, taskId: number) {
  const found = await taskAccess(deps, actor, taskId);
  if (found.viewer !== 'teacher') throw new AppError('forbidden', 'Only the class’s teachers can do this.');
  return found;
}

/** Tasks of the classes the actor teaches or studies in (or of one class), newest due first. */
export async function listTasks(deps: AppDeps, actor: Actor, classId?: number): Promise<TaskList> {
  let classAccess: ClassAccess | null = null;
  if (classId !== undefined) {
    classAccess = await loadClassAccess(deps, actor, classId);
    if (!can(actor, 'class.teach', classAccess) && classAccess.studentProfileId === null)
      throw new AppError('forbidden');
  }
  const tasks = await repo.tasksForUser(deps.db, { userId: actor.userId, classId });
  const viewerOf = (t: (typeof tasks)[number]): TaskViewer | null =>
    classAccess
      ? can(actor, 'class.teach', classAccess)
        ? 'teacher'
        : 'student'
      : t.as_teacher
        ? 'teacher'
        : t.student_profile_id !== null
          ? 'student'
          : null;
  const visible = tasks.filter((t) => viewerOf(t) !== null);
  const ids = visible.map((t) => t.id);
  const teacherIds = visible.filter((t) => viewerOf(t) === 'teacher').map((t) => t.id);
  const studentTasks = visible.filter((t) => viewerOf(t) === 'student');
  const [items, teacherRows, ...studentRows] = await Promise.all([
    repo.itemsOf(deps.db, ids),
    repo.completionRows(deps.db, { taskIds: teacherIds }),
    // One query per student profile the actor holds (almost always one), never per task.
    ...[...new Set(studentTasks.map((t) => t.student_profile_id!))].map((profileId) =>
      repo.completionRows(deps.db, {
        taskIds: studentTasks.filter((t) => t.student_profile_id === profileId).map((t) => t.id),
        profileId,
      }),
    ),
  ]);
  const completion = new Completion([...teacherRows, ...studentRows.flat()]);
  const now = deps.clock.now();
  return {
    tasks: visible.map((t) => {
      const viewer = viewerOf(t)!;
      const profileId = viewer === 'student' ? (classAccess?.studentProfileId ?? t.student_profile_id) : null;
      return presentSummary(
        t,
        viewer,
        items.filter((i) => i.task_id === t.id),
        completion,
        profileId,
        now,
      );
    }),
  };
}

/**
 * Checks every item against what the class's course offers (the same list as the "Set a task" form), naming the
 * field at fault (items.2.exam_id) in one 400 for all of them.
 */
async function checkedItems(deps: AppDeps, courseId: number, items: readonly TaskItemInput[]): Promise<repo.NewItem[]> {
  const options = await repo.taskOptions(deps.db, courseId);
  const lessons = new Set(options.lessons.map((l) => l.id));
  const examKind = new Map(options.exams.map((e) => [e.id, e.kind]));
  const activities = new Set(options.activities.map((a) => a.id));
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const field = item.kind === 'lesson' ? 'lesson_id' : item.kind === 'activity' ? 'activity_id' : 'exam_id';
    const target = item[field]!;
    const key = `${item.kind}:${target}`;
    let problem: string | null = null;
    if (item.kind === 'lesson' && !lessons.has(target))
      problem = 'This lesson is not one students of the class can open.';
    if (item.kind === 'activity' && !activities.has(target)) problem = 'This activity is not in the class’s course.';
    if (item.kind === 'exam' && examKind.get(target) !== 'exam') problem = 'This exam is not one the class can sit.';
    if (item.kind === 'question_set') {
      const kind = examKind.get(target);
      if (kind !== 'question_set' && kind !== 'reflective_question_set') {
        problem = 'This question set is not in the class’s course.';
      }
    }
    if (!problem && seen.has(key)) problem = 'This is already in the task.';
    seen.add(key);
    if (problem) errors[`items.${i}.${field}`] = [problem];
  });
  if (Object.keys(errors).length) throw new AppError('validation_failed', undefined, { errors });
  return items.map((item) => ({
    kind: item.kind,
    lessonId: item.kind === 'lesson' ? item.lesson_id! : null,
    examId: item.kind === 'exam' || item.kind === 'question_set' ? item.exam_id! : null,
    activityId: item.kind === 'activity' ? item.activity_id! : null,
  }));
}

function cleanInstructions(html: string): string {
  const clean = sanitizeRichText(html);
  return isBlankRichText(clean) ? '' : clean;
}

function dueDate(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new AppError('validation_failed', undefined, { errors: { due_at: ['Enter a valid due date and time.'] } });
  }
  return date;
}

/** A teacher of the class (or a school admin, staff) sets a task; task and items are written in one transaction. */
export async function createTask(deps: AppDeps, actor: Actor, body: CreateBody): Promise<number> {
  const access = await loadClassAccess(deps, actor, body.class_id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') {
      throw new AppError('validation_failed', undefined, { errors: { class_id: ['No such class.'] } });
    }
    throw err;
  });
  authorize(actor, 'class.teach', access, new AppError('forbidden', 'Only the class’s teachers can set it a task.'));
  const { klass } = access;
  const dueAt = dueDate(body.due_at);
  const items = await checkedItems(deps, klass.course_id, body.items);
  const now = deps.clock.now();
  const taskId = await deps.db.transaction(async (tx) => {
    const id = await repo.insertTask(tx, {
      schoolId: klass.school_id,
      classId: klass.id,
      title: body.title,
      instructions: cleanInstructions(body.instructions),
      dueAt,
      createdBy: actor.userId,
      now,
    });
    await repo.insertItems(tx, id, klass.school_id, items);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: klass.school_id,
      action: 'task.create',
      entityType: 'task',
      entityId: id,
      after: { class_id: klass.id, title: body.title, due_at: dueAt.toISOString(), items: items.length },
    });
    return id;
  });
  return taskId;
}

export async function updateTask(deps: AppDeps, actor: Actor, taskId: number, body: UpdateBody): Promise<void> {
  const { task } = await teacherTaskAccess(deps, actor, taskId);
  const dueAt = body.due_at === undefined ? undefined : dueDate(body.due_at);
  const items = body.items ? await checkedItems(deps, task.course_id, body.items) : null;
  await deps.db.transaction(async (tx) => {
    await repo.updateTask(tx, task.id, task.school_id, {
      title: body.title,
      instructions: body.instructions === undefined ? undefined : cleanInstructions(body.instructions),
      dueAt,
      now: deps.clock.now(),
    });
    if (items) await repo.replaceItems(tx, task.id, task.school_id, items);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: task.school_id,
      action: 'task.update',
      entityType: 'task',
      entityId: task.id,
      before: { title: task.title, due_at: task.due_at.toISOString() },
      after: { title: body.title, due_at: dueAt?.toISOString(), items: items?.length },
    });
  });
}

export async function deleteTask(deps: AppDeps, actor: Actor, taskId: number): Promise<void> {
  const { task } = await teacherTaskAccess(deps, actor, taskId);
  await deps.db.transaction(async (tx) => {
    await repo.deleteTask(tx, task.id, task.school_id);
    await audit(tx, {
      actorUserId: actor.userId,
      schoolId: task.school_id,
      action: 'task.delete',
      entityType: 'task',
      entityId: task.id,
      before: { class_id: task.class_id, title: task.title },
    });
  });
}

/** One task; teachers get every student's done items (names as the anonymiser says), students their own status. */
export async function getTask(deps: AppDeps, actor: Actor, taskId: number, anonymise: boolean): Promise<TaskDetail> {
  const { task, viewer, profileId } = await taskAccess(deps, actor, taskId);
  const [items, rows, roster] = await Promise.all([
    repo.itemsOf(deps.db, [task.id]),
    repo.completionRows(deps.db, { taskIds: [task.id], profileId: profileId ?? undefined }),
    viewer === 'teacher' ? repo.rosterStudents(deps.db, task.class_id, task.school_id) : Promise.resolve([]),
  ]);
  const completion = new Completion(rows);
  const summary = presentSummary(task, viewer, items, completion, profileId, deps.clock.now());
  const namer = StudentNamer.create(
    anonymise,
    roster.map((s) => s.profile_id),
    deps.clock.now(),
  );
  let students = roster.map((s) => ({
    profile_id: s.profile_id,
    ...namer.name(s.profile_id, s),
    done_item_ids: items.filter((i) => completion.of(i.id, s.profile_id)?.done).map((i) => i.id),
  }));
  if (namer.anonymised) students = namer.sort(students, (s) => s);
  return {
    ...summary,
    instructions: task.instructions,
    course_id: task.course_id,
    anonymised: namer.anonymised,
    students,
  };
}

/** What a teacher may put in a task for the class (one request for the "Set a task" form). */
export async function taskOptions(deps: AppDeps, actor: Actor, classId: number): Promise<TaskOptions> {
  const { klass } = authorize(actor, 'class.teach', await loadClassAccess(deps, actor, classId));
  const options = await repo.taskOptions(deps.db, klass.course_id);
  const examsOf = (kind: string) =>
    options.exams.filter((e) => e.kind === kind).map(({ id, title }) => ({ id, title }));
  return {
    class_id: klass.id,
    class_title: klass.title,
    course_id: klass.course_id,
    time_zone: klass.time_zone,
    lessons: options.lessons,
    question_sets: examsOf('question_set'),
    exams: examsOf('exam'),
    reflective_sets: examsOf('reflective_question_set'),
    activities: options.activities,
  };
}

function headOf(summary: TaskSummary): Omit<TaskSummary, 'items'> {
  const { items: _items, ...head } = summary;
  return head;
}

/** One item of a task: who has and has not done it (teachers), or the student's own status. */
export async function getTaskItem(
  deps: AppDeps,
  actor: Actor,
  taskId: number,
  taskItemId: number,
  anonymise: boolean,
): Promise<TaskItemDetail> {
  const { task, viewer, profileId } = await taskAccess(deps, actor, taskId);
  const [items, rows, roster] = await Promise.all([
    repo.itemsOf(deps.db, [task.id]),
    repo.completionRows(deps.db, { taskIds: [task.id], profileId: profileId ?? undefined }),
    viewer === 'teacher' ? repo.rosterStudents(deps.db, task.class_id, task.school_id) : Promise.resolve([]),
  ]);
  const item = items.find((i) => i.id === taskItemId);
  if (!item) throw new AppError('not_found', 'No such item in this task.');
  const completion = new Completion(rows);
  const now = deps.clock.now();
  const namer = StudentNamer.create(
    anonymise,
    roster.map((s) => s.profile_id),
    now,
  );
  let students = roster.map((s) => {
    const row = completion.of(item.id, s.profile_id);
    return {
      profile_id: s.profile_id,
      ...namer.name(s.profile_id, s),
      done: row?.done ?? false,
      status: statusText(item, row),
    };
  });
  if (namer.anonymised) students = namer.sort(students, (s) => s);
  return {
    task: headOf(presentSummary(task, viewer, items, completion, profileId, now)),
    item: presentItem(item, viewer, completion, profileId),
    anonymised: namer.anonymised,
    students,
  };
}

function round1(n: number | null): number | null {
  return n === null ? null : Math.round(n * 10) / 10;
}

/** Completion and results per item, and the facility of each question of the task's exams (teachers). */
export async function taskInsights(deps: AppDeps, actor: Actor, taskId: number): Promise<TaskInsights> {
  const { task } = await teacherTaskAccess(deps, actor, taskId);
  const items = await repo.itemsOf(deps.db, [task.id]);
  const examIds = [...new Set(items.filter((i) => i.exam_id !== null).map((i) => i.exam_id!))];
  const q = { classId: task.class_id, schoolId: task.school_id, examIds };
  const [rows, averages, questions] = await Promise.all([
    repo.completionRows(deps.db, { taskIds: [task.id] }),
    repo.examAverages(deps.db, q),
    repo.questionFacilities(deps.db, q),
  ]);
  const completion = new Completion(rows);
  const summary = presentSummary(task, 'teacher', items, completion, null, deps.clock.now());
  return {
    task: headOf(summary),
    items: items.map((item) => {
      const doneCount = completion.doneCount(item.id);
      const base = {
        id: item.id,
        kind: item.kind,
        title: item.title,
        exam_kind: item.exam_kind,
        done_count: doneCount,
        roster: task.roster,
      };
      if (item.kind === 'lesson') {
        const visited = completion
          .rowsOf(item.id)
          .reduce((sum, r) => sum + Math.min(r.chunks_visited ?? 0, item.chunk_count ?? 0), 0);
        const possible = task.roster * (item.chunk_count ?? 0);
        return {
          ...base,
          result: { kind: 'visited' as const, visited_percent: possible ? round1((visited / possible) * 100) : null },
        };
      }
      if (item.kind === 'activity') return { ...base, result: { kind: 'responded' as const, responded: doneCount } };
      const avg = averages.find((a) => a.exam_id === item.exam_id);
      if (item.exam_kind === 'reflective_question_set') {
        return { ...base, result: { kind: 'reflected' as const, submitted: avg?.submitted ?? 0 } };
      }
      return {
        ...base,
        result: {
          kind: 'score' as const,
          average_percent: round1(avg?.average_percent ?? null),
          submitted: avg?.submitted ?? 0,
        },
      };
    }),
    questions: items
      .filter((item) => item.exam_id !== null)
      .flatMap((item) =>
        questions
          .filter((qu) => qu.exam_id === item.exam_id)
          .map((qu) => ({
            question_id: qu.question_id,
            item_id: item.id,
            exam_id: qu.exam_id,
            exam_title: item.title,
            number: qu.number,
            prompt_text: stripMarkup(qu.prompt).trim().slice(0, 200),
            marks: qu.marks,
            answered: qu.answered,
            facility_percent: item.exam_kind === 'reflective_question_set' ? null : round1(qu.facility_percent),
          })),
      ),
  };
}

/** Each student's answer to and mark for one question of the task's exams (teachers; names as the anonymiser says). */
export async function taskQuestionInsights(
  deps: AppDeps,
  actor: Actor,
  taskId: number,
  questionId: number,
  anonymise: boolean,
): Promise<TaskQuestionInsights> {
  const { task } = await teacherTaskAccess(deps, actor, taskId);
  const [items, question] = await Promise.all([
    repo.itemsOf(deps.db, [task.id]),
    repo.findQuestion(deps.db, questionId),
  ]);
  if (!question || !items.some((i) => i.exam_id === question.exam_id)) {
    throw new AppError('not_found', 'No such question in this task.');
  }
  const q = { classId: task.class_id, schoolId: task.school_id, examIds: [question.exam_id] };
  const [rows, answers, facilities] = await Promise.all([
    repo.completionRows(deps.db, { taskIds: [task.id] }),
    repo.questionAnswers(deps.db, { ...q, examId: question.exam_id, questionId }),
    repo.questionFacilities(deps.db, q),
  ]);
  const facility = facilities.find((f) => f.question_id === questionId);
  const now = deps.clock.now();
  const namer = StudentNamer.create(
    anonymise,
    answers.map((a) => a.profile_id),
    now,
  );
  let students = answers.map((a) => ({
    profile_id: a.profile_id,
    ...namer.name(a.profile_id, a),
    submitted: a.submitted,
    answer_text: answerText(a.answer, question.definition),
    mark_status: a.mark_status,
    marks_awarded: a.marks_awarded,
  }));
  if (namer.anonymised) students = namer.sort(students, (s) => s);
  const reflective = question.exam_kind === 'reflective_question_set';
  return {
    task: headOf(presentSummary(task, 'teacher', items, new Completion(rows), null, now)),
    question: {
      id: question.id,
      exam_id: question.exam_id,
      exam_title: question.exam_title,
      exam_kind: question.exam_kind,
      number: facility?.number ?? 1,
      prompt: question.prompt,
      type: question.definition.type,
      marks: question.marks,
    },
    anonymised: namer.anonymised,
    facility_percent: reflective ? null : round1(facility?.facility_percent ?? null),
    students,
  };
}
