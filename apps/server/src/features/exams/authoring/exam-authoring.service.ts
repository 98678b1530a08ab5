import { createHash } from 'node:crypto';
import {
  STRUCTURE_LOCKED_MESSAGE,
  type AuthoringOptions,
  type CreateExamBody,
  type ExamAuthoring,
  type ExamList,
  type ExamListQuery,
  type ExamPlacement,
  type PublishExamBody,
  type SaveExamBody,
} from '@banksia/contracts/exam-authoring';
import type { ExamQuestion } from '@banksia/contracts/exams';
import type { ExamQuestionDefinition } from '../../../db/schema/index';
import { audit } from '../../../platform/audit';
import { sideBySide, type Executor } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { placeExam, placementErrors, placementOfExam, placementOptions } from './exam-placement';
import * as authoring from './exam-authoring.repository';
import {
  findExam,
  questionOf,
  questionsOf,
  refreshExamTotals,
  sanitizeQuestion,
  sectionsOf,
  type ExamRow,
  type QuestionRow,
  type SectionRow,
} from '../shared/index';

// Content staff authoring exams and question sets (docs/exam-authoring.md). Once an exam has sittings its structure
// and answer keys are frozen (a change is refused with the field that changed); wording may still be fixed.

export const CONFLICT_DETAIL =
  'Someone else saved this exam since you opened it. Reload to see their changes, then make yours again.';
const LIST_LIMIT = 100;
const isStoredId = (id: string) => /^\d{1,9}$/.test(id);

interface Loaded {
  exam: ExamRow;
  sections: SectionRow[];
  questions: QuestionRow[];
}

/** As the course selectors label a course: "<title> (<year published>)". */
const courseLabel = (c: { title: string; yearPublished: number }) => `${c.title} (${c.yearPublished})`;

async function load(db: Executor, exam: ExamRow): Promise<Loaded> {
  const [sections, questions] = await sideBySide(db, [() => sectionsOf(db, exam.id), () => questionsOf(db, exam.id)]);
  return { exam, sections, questions };
}

/** The concurrency token: a digest of everything the editor shows, so any save in between changes it. */
export function revisionOf({ exam, sections, questions }: Loaded): string {
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  const text = JSON.stringify([exam, byId(sections), byId(questions)]);
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

async function present(db: Executor, loaded: Loaded, idMap?: Record<string, string>): Promise<ExamAuthoring> {
  const { exam, sections, questions } = loaded;
  const [course, placement, sittings] = await sideBySide(db, [
    () => authoring.courseOf(db, exam.courseId),
    () => placementOfExam(db, exam.courseId, exam.id),
    () => authoring.sittingCount(db, exam.id),
  ]);
  return {
    id: exam.id,
    course_id: exam.courseId,
    course_title: course ? courseLabel(course) : '',
    title: exam.title,
    kind: exam.kind,
    placement,
    is_published: exam.isPublished,
    is_submittable: exam.isSubmittable,
    time_limit_minutes: exam.timeLimitMinutes,
    additional_materials: exam.additionalMaterials,
    hide_solutions_until_release: exam.hideSolutionsUntilRelease,
    question_count: exam.questionCount,
    marks_total: Number(exam.marksTotal),
    revision: revisionOf(loaded),
    sitting_count: sittings,
    sections: sections.map((s) => ({
      id: String(s.id),
      title: s.title,
      questions: questions.filter((q) => q.sectionId === s.id).map(questionOf),
    })),
    ...(idMap ? { id_map: idMap } : {}),
  };
}

/** What the audit log keeps of an exam: the editor's view without the token. */
function snapshot(view: ExamAuthoring) {
  const { revision: _revision, id_map: _idMap, course_title: _course, ...rest } = view;
  return rest;
}

function validationFailed(errors: Record<string, string[]>): AppError {
  return new AppError('validation_failed', undefined, { errors });
}

async function requireExam(db: Executor, examId: number): Promise<ExamRow> {
  const exam = await findExam(db, examId);
  if (!exam) throw new AppError('not_found', 'No such exam.');
  return exam;
}

export async function getForAuthoring(deps: AppDeps, examId: number): Promise<ExamAuthoring> {
  return present(deps.db, await load(deps.db, await requireExam(deps.db, examId)));
}

export async function listExams(deps: AppDeps, query: ExamListQuery): Promise<ExamList> {
  const rows = await authoring.listExams(deps.db, query, LIST_LIMIT);
  return {
    count: rows[0]?.total ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      title: r.title,
      kind: r.kind,
      course_id: r.course_id,
      course_title: courseLabel({ title: r.course_title, yearPublished: r.year_published }),
      placement_label: r.lesson_title
        ? `Lesson: ${r.lesson_title}`
        : r.topic_title
          ? `Topic: ${r.topic_title}`
          : r.at_course_level
            ? 'Course level'
            : 'Not placed',
      is_published: r.is_published,
      question_count: r.question_count,
      marks_total: Number(r.marks_total),
      sitting_count: r.sitting_count,
    })),
  };
}

export async function authoringOptions(deps: AppDeps): Promise<AuthoringOptions> {
  const all = await authoring.allCourses(deps.db);
  return {
    courses: await Promise.all(
      all.map(async (c) => ({
        id: c.id,
        label: c.isPublished ? courseLabel(c) : `${courseLabel(c)} (unpublished)`,
        ...(await placementOptions(deps.db, c.id)),
        activities: await authoring.activitiesOfCourse(deps.db, c.id),
      })),
    ),
  };
}

/** create/1/: a new, unpublished exam with no questions yet, placed in its course. */
export async function createExam(deps: AppDeps, actor: Actor, body: CreateExamBody): Promise<ExamAuthoring> {
  return deps.db.transaction(async (tx) => {
    if (!(await authoring.courseOf(tx, body.course_id))) {
      throw validationFailed({ course_id: ['No such course.'] });
    }
    const errors = await placementErrors(tx, body.course_id, null, body.kind, body.placement);
    if (Object.keys(errors).length) throw validationFailed(errors);
    const exam = await authoring.insertExam(tx, {
      courseId: body.course_id,
      title: body.title,
      kind: body.kind,
      isPublished: false,
      isSubmittable: body.is_submittable,
      timeLimitMinutes: body.time_limit_minutes,
      additionalMaterials: body.additional_materials,
      hideSolutionsUntilRelease: body.hide_solutions_until_release,
    });
    await placeExam(tx, body.course_id, exam.id, body.placement);
    const view = await present(tx, await load(tx, exam));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'exam.create',
      entityType: 'exam',
      entityId: exam.id,
      after: snapshot(view),
    });
    return view;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What may change once an exam has sittings

/**
 * The parts of a question's definition that decide its marks, with optional fields given their defaults so that
 * an absent flag and `false` (or an absent list and `[]`) compare equal. Wording (option texts, the marking guide)
 * is left out: it may change.
 */
function markingKey(d: ExamQuestionDefinition): Record<string, unknown> {
  switch (d.type) {
    case 'multiple_choice':
      return {
        options: d.options.map((o) => o.id).sort(),
        correct_option_ids: [...d.correct_option_ids].sort(),
        multiple: d.multiple,
        partial: d.partial ?? false,
      };
    case 'short_text':
      return { accepted_answers: d.accepted_answers, case_sensitive: d.case_sensitive ?? false };
    case 'numeric':
      return {
        answer: d.answer,
        tolerance: d.tolerance,
        unit: d.unit ?? null,
        accepted_units: d.accepted_units ?? [],
        unit_required: d.unit_required ?? false,
        accepted_values: d.accepted_values ?? [],
      };
    case 'maths_expression':
      return { accepted_answers: d.accepted_answers, variables: d.variables ?? [] };
    case 'extended_response':
      return {};
    case 'activity':
      return { activity_id: d.activity_id };
  }
}

function definitionOf(question: ExamQuestion): ExamQuestionDefinition {
  const { id: _id, marks: _marks, prompt: _prompt, worked_solution: _solution, ...definition } = question;
  return definition as ExamQuestionDefinition;
}

/** Field errors for every structural change the body makes to an exam that has sittings. */
function structuralChanges(loaded: Loaded, body: SaveExamBody): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const refuse = (field: string) => (errors[field] ??= []).push(STRUCTURE_LOCKED_MESSAGE);
  if (body.kind !== loaded.exam.kind) refuse('kind');
  const stored = new Map(loaded.questions.map((q) => [String(q.id), q]));
  const kept = new Set<string>();
  for (const [s, section] of body.sections.entries()) {
    for (const [q, question] of section.questions.entries()) {
      const at = `sections.${s}.questions.${q}`;
      const row = stored.get(question.id);
      if (!row) {
        refuse(at);
        continue;
      }
      kept.add(question.id);
      if (row.definition.type !== question.type) {
        refuse(`${at}.type`);
        continue;
      }
      if (Number(row.marks) !== question.marks) refuse(`${at}.marks`);
      const before = markingKey(row.definition);
      const after = markingKey(definitionOf(question));
      for (const field of Object.keys(before)) {
        if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) refuse(`${at}.${field}`);
      }
    }
  }
  if (loaded.questions.some((q) => !kept.has(String(q.id)))) refuse('sections');
  return errors;
}

/** Field errors for ids that are not this exam's, and for ids used twice. */
function idErrors(loaded: Loaded, body: SaveExamBody): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const sectionIds = new Set(loaded.sections.map((s) => String(s.id)));
  const questionIds = new Set(loaded.questions.map((q) => String(q.id)));
  const seen = new Set<string>();
  for (const [s, section] of body.sections.entries()) {
    if (isStoredId(section.id) && !sectionIds.has(section.id)) {
      errors[`sections.${s}.id`] = ['Not a section of this exam.'];
    }
    if (seen.has(`s:${section.id}`)) errors[`sections.${s}.id`] = ['Used twice.'];
    seen.add(`s:${section.id}`);
    for (const [q, question] of section.questions.entries()) {
      if (isStoredId(question.id) && !questionIds.has(question.id)) {
        errors[`sections.${s}.questions.${q}.id`] = ['Not a question of this exam.'];
      }
      if (seen.has(`q:${question.id}`)) errors[`sections.${s}.questions.${q}.id`] = ['Used twice.'];
      seen.add(`q:${question.id}`);
    }
  }
  return errors;
}

/** Field errors for activity questions whose activity is not one of the course's. */
async function activityErrors(db: Executor, courseId: number, body: SaveExamBody): Promise<Record<string, string[]>> {
  const wanted = body.sections.flatMap((s) =>
    s.questions.flatMap((q) => (q.type === 'activity' ? [q.activity_id] : [])),
  );
  const found = await authoring.activityIdsOfCourse(db, courseId, wanted);
  const errors: Record<string, string[]> = {};
  for (const [s, section] of body.sections.entries()) {
    for (const [q, question] of section.questions.entries()) {
      if (question.type === 'activity' && !found.has(question.activity_id)) {
        errors[`sections.${s}.questions.${q}.activity_id`] = ["Not an activity of this exam's course."];
      }
    }
  }
  return errors;
}

/**
 * A save of the editor (PUT): details, sections and questions replace what is stored, in one transaction, when
 * `revision` is still current (409 otherwise). With sittings, structural changes are refused (400 naming each).
 */
export async function saveExam(
  deps: AppDeps,
  actor: Actor,
  examId: number,
  body: SaveExamBody,
): Promise<ExamAuthoring> {
  return deps.db.transaction(async (tx) => {
    const exam = await authoring.lockExam(tx, examId);
    if (!exam) throw new AppError('not_found', 'No such exam.');
    const loaded = await load(tx, exam);
    if (revisionOf(loaded) !== body.revision) throw new AppError('conflict', CONFLICT_DETAIL);
    const before = await present(tx, loaded);
    const errors = {
      ...idErrors(loaded, body),
      ...(await activityErrors(tx, exam.courseId, body)),
      ...(await placementErrors(tx, exam.courseId, exam.id, body.kind, body.placement)),
      ...(before.sitting_count > 0 ? structuralChanges(loaded, body) : {}),
    };
    if (Object.keys(errors).length) throw validationFailed(errors);

    const idMap: Record<string, string> = {};
    const keptSections = new Set<number>();
    const keptQuestions = new Set<number>();
    for (const [s, section] of body.sections.entries()) {
      let sectionId: number;
      if (isStoredId(section.id)) {
        sectionId = Number(section.id);
        await authoring.updateSection(tx, sectionId, section.title, s);
      } else {
        sectionId = (await authoring.insertSection(tx, exam.id, section.title, s)).id;
        idMap[section.id] = String(sectionId);
      }
      keptSections.add(sectionId);
      for (const [q, input] of section.questions.entries()) {
        const clean = sanitizeQuestion(input);
        const values = {
          sectionId,
          position: q,
          marks: clean.marks,
          prompt: clean.prompt,
          workedSolution: clean.worked_solution,
          definition: definitionOf(clean),
        };
        if (isStoredId(input.id)) {
          await authoring.updateQuestion(tx, Number(input.id), values);
          keptQuestions.add(Number(input.id));
        } else {
          const row = await authoring.insertQuestion(tx, exam.id, values);
          keptQuestions.add(row.id);
          idMap[input.id] = String(row.id);
        }
      }
    }
    await authoring.deleteQuestions(
      tx,
      loaded.questions.filter((q) => !keptQuestions.has(q.id)).map((q) => q.id),
    );
    await authoring.deleteSections(
      tx,
      loaded.sections.filter((s) => !keptSections.has(s.id)).map((s) => s.id),
    );
    await authoring.updateExam(tx, exam.id, {
      title: body.title,
      kind: body.kind,
      isSubmittable: body.is_submittable,
      timeLimitMinutes: body.time_limit_minutes,
      additionalMaterials: body.additional_materials,
      hideSolutionsUntilRelease: body.hide_solutions_until_release,
    });
    await refreshExamTotals(tx, exam.id);
    await placeExam(tx, exam.courseId, exam.id, body.placement as ExamPlacement);
    if (exam.isPublished && !(await questionsOf(tx, exam.id)).length) {
      throw validationFailed({ sections: ['A published exam needs at least one question: unpublish it first.'] });
    }
    const after = await present(tx, await load(tx, (await findExam(tx, exam.id))!), idMap);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'exam.update',
      entityType: 'exam',
      entityId: exam.id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/** Publishes (students of classes on the course see it) or unpublishes the exam; a published exam has questions. */
export async function publishExam(
  deps: AppDeps,
  actor: Actor,
  examId: number,
  body: PublishExamBody,
): Promise<ExamAuthoring> {
  return deps.db.transaction(async (tx) => {
    const exam = await authoring.lockExam(tx, examId);
    if (!exam) throw new AppError('not_found', 'No such exam.');
    const loaded = await load(tx, exam);
    if (revisionOf(loaded) !== body.revision) throw new AppError('conflict', CONFLICT_DETAIL);
    if (body.is_published && loaded.questions.length === 0) {
      throw validationFailed({ is_published: ['Add at least one question before publishing.'] });
    }
    await authoring.updateExam(tx, exam.id, { isPublished: body.is_published });
    await audit(tx, {
      actorUserId: actor.userId,
      action: body.is_published ? 'exam.publish' : 'exam.unpublish',
      entityType: 'exam',
      entityId: exam.id,
      before: { is_published: exam.isPublished },
      after: { is_published: body.is_published },
    });
    return present(tx, await load(tx, { ...exam, isPublished: body.is_published }));
  });
}
