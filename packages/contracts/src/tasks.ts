import { z } from 'zod';
import { markStatusSchema } from './exams';
import { idParam, idValue } from './ids';

// Tasks (issue 6): a teacher sets a class a piece of work made of lessons, question sets, exams and activities, due
// by a date. Request and answer shapes of the tasks API, shared by the server's routes and the web app's pages.
//
// API (all signed in; who may do what is decided from the actor's standing in the task's class):
// - GET    /api/v1/tasks/[?class_id=]                   api:tasks — teachers: tasks of classes they teach, with
//                                                        completion; students: their tasks with their own status.
// - POST   /api/v1/tasks/                               api:tasks — set a task (teacher of the class).
// - GET    /api/v1/tasks/{taskId}/                      api:task — one task (teacher: per-student completion).
// - PATCH  /api/v1/tasks/{taskId}/                      api:task — change title, instructions, due date, items.
// - DELETE /api/v1/tasks/{taskId}/                      api:task — delete (teacher).
// - GET    /api/v1/classes/{classId}/task-options/      api:task-options — what a teacher may put in a task.
// - GET    /api/v1/tasks/{taskId}/items/{taskItemId}/   api:task-item — who has done one item / the student's status.
// - GET    /api/v1/tasks/{taskId}/insights/             api:task-insights — completion and results per item and
//                                                        the facility of each question.
// - GET    /api/v1/tasks/{taskId}/insights/{questionId}/ api:task-question-insights — each student's answer and mark.
//
// Completion rules (one place; the server's SQL follows them, see tasks.repository.ts `completionRows`):
// - lesson: every chunk of the lesson visited in the class (chunk_visits);
// - exam, question set, reflective question set: a submitted sitting in the class (exam_sittings.status 'submitted');
// - activity: a response in the class with at least one block answered (activity_responses; see `blockAnswered`).

export const TASK_TITLE_MAX = 200;
export const TASK_ITEMS_MAX = 50;
export const TASK_INSTRUCTIONS_MAX = 50_000;

const id = idValue;
const isoDateTime = z.string();

export const taskItemKinds = ['lesson', 'question_set', 'exam', 'activity'] as const;
export const taskItemKindSchema = z.enum(taskItemKinds);
export type TaskItemKind = z.infer<typeof taskItemKindSchema>;

/** Labels for item kinds (headings of the item picker, captions of tables). */
export const taskItemKindLabels: Record<TaskItemKind, string> = {
  lesson: 'Lesson',
  question_set: 'Question set',
  exam: 'Exam',
  activity: 'Activity',
};

export const examKindSchema = z.enum(['exam', 'question_set', 'reflective_question_set']);

export const taskParams = z.object({ taskId: idParam });
export const taskItemParams = z.object({ taskId: idParam, taskItemId: idParam });
export const taskQuestionParams = z.object({ taskId: idParam, questionId: idParam });
export const classTaskOptionsParams = z.object({ classId: idParam });
export const listTasksQuery = z.object({ class_id: idParam.optional() });
/** ?anonymise=1 gives the day's pseudonyms for one request (the anonymizeStudentData cookie does the same). */
export const taskAnonymiseQuery = z.object({ anonymise: z.enum(['0', '1']).optional() });

/** One thing to do, as a teacher picks it: the kind and the one target it needs (lesson, exam or activity). */
export const taskItemInputSchema = z
  .object({
    kind: taskItemKindSchema,
    lesson_id: id.optional(),
    exam_id: id.optional(),
    activity_id: id.optional(),
  })
  .superRefine((item, ctx) => {
    const needed = item.kind === 'lesson' ? 'lesson_id' : item.kind === 'activity' ? 'activity_id' : 'exam_id';
    for (const field of ['lesson_id', 'exam_id', 'activity_id'] as const) {
      if (field === needed && item[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Choose the ${taskItemKindLabels[item.kind].toLowerCase()}.`,
        });
      } else if (field !== needed && item[field] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `A ${item.kind.replace('_', ' ')} item has no ${field}.`,
        });
      }
    }
  });
export type TaskItemInput = z.infer<typeof taskItemInputSchema>;

const dueAtSchema = z.iso.datetime({ offset: true, message: 'Enter a valid due date and time.' });
const titleSchema = z
  .string()
  .trim()
  .min(1, 'Give the task a title.')
  .max(TASK_TITLE_MAX, `Keep the title to ${TASK_TITLE_MAX} characters or fewer.`);
const itemsSchema = z
  .array(taskItemInputSchema)
  .min(1, 'Choose at least one thing to do.')
  .max(TASK_ITEMS_MAX, `A task can hold at most ${TASK_ITEMS_MAX} items.`);

/** POST api:tasks. Instructions are rich text (sanitised by the server). */
export const createTaskBody = z.object({
  class_id: id,
  title: titleSchema,
  instructions: z.string().max(TASK_INSTRUCTIONS_MAX).default(''),
  due_at: dueAtSchema,
  items: itemsSchema,
});
export type CreateTaskBody = z.input<typeof createTaskBody>;

/** PATCH api:task: any of the fields; items, when given, replace the task's items. */
export const updateTaskBody = z.object({
  title: titleSchema.optional(),
  instructions: z.string().max(TASK_INSTRUCTIONS_MAX).optional(),
  due_at: dueAtSchema.optional(),
  items: itemsSchema.optional(),
});
export type UpdateTaskBody = z.input<typeof updateTaskBody>;

/** Who is looking: the class's teachers (and school admins, staff) manage; students see their own status. */
export const taskViewerSchema = z.enum(['teacher', 'student']);
export type TaskViewer = z.infer<typeof taskViewerSchema>;

/** One item of a task. The status fields depend on the viewer: `done_count` for teachers, `done` for students. */
export const taskItemSchema = z.object({
  id,
  kind: taskItemKindSchema,
  position: z.number().int().nonnegative(),
  title: z.string(),
  lesson_id: id.nullable(),
  exam_id: id.nullable(),
  activity_id: id.nullable(),
  /** The lesson an activity sits in (its page is under the lesson); null when it has none. */
  activity_lesson_id: id.nullable(),
  exam_kind: examKindSchema.nullable(),
  /** Lessons: their chunks (parts), all of which must be visited. */
  chunk_count: z.number().int().nonnegative().nullable(),
  /** Teachers: students on the roster who have done it. */
  done_count: z.number().int().nonnegative().nullable(),
  /** Students: whether they have done it. */
  done: z.boolean().nullable(),
  /** Students, lessons: the parts they have visited. */
  chunks_visited: z.number().int().nonnegative().nullable(),
});
export type TaskItem = z.infer<typeof taskItemSchema>;

export const taskSummarySchema = z.object({
  id,
  class_id: id,
  class_title: z.string(),
  title: z.string(),
  due_at: isoDateTime,
  /** The school's IANA time zone: the due date and time are read and shown there (ADR 048). */
  time_zone: z.string(),
  /** Due date passed and (for a student) not all done; for a teacher, the due date has passed. */
  overdue: z.boolean(),
  created_at: isoDateTime,
  viewer: taskViewerSchema,
  item_count: z.number().int().nonnegative(),
  /** Students on the class's roster. */
  roster: z.number().int().nonnegative(),
  /** Teachers: students who have done every item. */
  students_done: z.number().int().nonnegative().nullable(),
  /** Students: items done and left. */
  items_done: z.number().int().nonnegative().nullable(),
  items_left: z.number().int().nonnegative().nullable(),
  items: z.array(taskItemSchema),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** GET api:tasks: newest due first. */
export const taskListSchema = z.object({ tasks: z.array(taskSummarySchema) });
export type TaskList = z.infer<typeof taskListSchema>;

const studentNameFields = {
  profile_id: id,
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
};

/** GET api:task. Teachers get each student's done items (names follow the anonymiser); students get none. */
export const taskDetailSchema = taskSummarySchema.extend({
  instructions: z.string(),
  course_id: id,
  anonymised: z.boolean(),
  students: z.array(z.object({ ...studentNameFields, done_item_ids: z.array(id) })),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

/** GET api:task-item. */
export const taskItemDetailSchema = z.object({
  task: taskSummarySchema.omit({ items: true }),
  item: taskItemSchema,
  anonymised: z.boolean(),
  /** Teachers: every student on the roster with their status; empty for students. */
  students: z.array(
    z.object({
      ...studentNameFields,
      done: z.boolean(),
      /** e.g. "3 of 4 parts visited", "Submitted", "Started, not submitted", "Not opened". */
      status: z.string(),
    }),
  ),
});
export type TaskItemDetail = z.infer<typeof taskItemDetailSchema>;

const pickable = z.object({ id, title: z.string() });
/** GET api:task-options: what the class's course offers, for the "Set a task" form. */
export const taskOptionsSchema = z.object({
  class_id: id,
  class_title: z.string(),
  course_id: id,
  /** The school's IANA time zone, in which the form's due date and time are meant (ADR 048). */
  time_zone: z.string(),
  lessons: z.array(pickable),
  question_sets: z.array(pickable),
  exams: z.array(pickable),
  reflective_sets: z.array(pickable),
  activities: z.array(pickable.extend({ lesson_id: id.nullable() })),
});
export type TaskOptions = z.infer<typeof taskOptionsSchema>;

/** The result figure of an item: a mean score, the share of parts visited, or how many responded. */
export const taskItemResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('score'), average_percent: z.number().nullable(), submitted: z.number().int() }),
  z.object({ kind: z.literal('visited'), visited_percent: z.number().nullable() }),
  z.object({ kind: z.literal('responded'), responded: z.number().int() }),
  z.object({ kind: z.literal('reflected'), submitted: z.number().int() }),
]);
export type TaskItemResult = z.infer<typeof taskItemResultSchema>;

/** GET api:task-insights (teachers). */
export const taskInsightsSchema = z.object({
  task: taskSummarySchema.omit({ items: true }),
  items: z.array(
    z.object({
      id,
      kind: taskItemKindSchema,
      title: z.string(),
      exam_kind: examKindSchema.nullable(),
      done_count: z.number().int().nonnegative(),
      roster: z.number().int().nonnegative(),
      result: taskItemResultSchema,
    }),
  ),
  /** Each question of the task's exams and question sets with how well the class did (percent of marks). */
  questions: z.array(
    z.object({
      question_id: id,
      item_id: id,
      exam_id: id,
      exam_title: z.string(),
      number: z.number().int().positive(),
      prompt_text: z.string(),
      marks: z.number(),
      answered: z.number().int().nonnegative(),
      /** Mean of marks awarded ÷ marks over marked answers; null when none is marked (or a reflective set). */
      facility_percent: z.number().nullable(),
    }),
  ),
});
export type TaskInsights = z.infer<typeof taskInsightsSchema>;

/** GET api:task-question-insights (teachers): each student's answer and mark (names follow the anonymiser). */
export const taskQuestionInsightsSchema = z.object({
  task: taskSummarySchema.omit({ items: true }),
  question: z.object({
    id,
    exam_id: id,
    exam_title: z.string(),
    exam_kind: examKindSchema,
    number: z.number().int().positive(),
    prompt: z.string(),
    type: z.string(),
    marks: z.number(),
  }),
  anonymised: z.boolean(),
  facility_percent: z.number().nullable(),
  students: z.array(
    z.object({
      ...studentNameFields,
      submitted: z.boolean(),
      /** The answer in words (option texts, the number or text typed, a reflection); empty when none. */
      answer_text: z.string(),
      mark_status: markStatusSchema.nullable(),
      marks_awarded: z.number().nullable(),
    }),
  ),
});
export type TaskQuestionInsights = z.infer<typeof taskQuestionInsightsSchema>;

/**
 * Whether a block response holds an answer (activity completion): words placed or typed, rich text with text in it, a
 * drawing, an uploaded file or a piece dropped on the image.
 */
export function blockAnswered(response: unknown): boolean {
  if (!response || typeof response !== 'object') return false;
  const r = response as Record<string, unknown>;
  const values = r.response_values;
  if (Array.isArray(values) && values.flat().some((v) => typeof v === 'string' && v.trim() !== '')) return true;
  if (typeof r.student_response === 'string' && r.student_response.replace(/<[^>]*>/g, '').trim() !== '') return true;
  if (r.submitted_drawing_json !== undefined && r.submitted_drawing_json !== null) return true;
  if (typeof r.file_key === 'string' && r.file_key !== '') return true;
  const map = r.draggable_to_containing_dropzone_map;
  return !!map && typeof map === 'object' && Object.keys(map).length > 0;
}
