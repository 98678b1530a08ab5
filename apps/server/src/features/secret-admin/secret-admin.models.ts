import {
  secretActivityForm,
  secretAttachmentBranchForm,
  secretClassForm,
  secretExamForm,
  secretLessonForm,
  secretLockListItemForm,
  secretSectionBranchForm,
  type SecretActivityForm,
  type SecretAttachmentBranchForm,
  type SecretClassForm,
  type SecretExamForm,
  type SecretLessonForm,
  type SecretLockListItemForm,
  type SecretSectionBranchForm,
} from '@banksia/contracts/secret-admin';
import { saveExamBody } from '@banksia/contracts/exam-authoring';
import type { Database } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { updateActivity } from '../activities/index';
import { updateClassDetailsAsStaff } from '../classes/index';
import { updateAttachment, updateLesson, updateSection } from '../courses/authoring/index';
import { getForAuthoring, publishExam, saveExam } from '../exams/index';
import { saveLockListItem } from '../payments/index';
import type { AnySecretModel, SecretFilter, SecretModel } from './secret-admin.model';
import { fieldErrors, formatWhen } from './secret-admin.presenter';
import * as repo from './secret-admin.repository';

/**
 * The /secret/ admin's sections, in the order of the index page. Each names its safe fields and writes them through
 * the owning feature's service, so the rules (a published lesson has a part, a published exam has a question) and
 * the audit entry live in one place.
 */

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const courseFilter: SecretFilter = {
  name: 'course',
  label: 'Course',
  options: async (deps) =>
    (await repo.courseOptions(deps.db)).map((c) => ({ value: String(c.id), label: `${c.title} (#${c.id})` })),
};

const publishedFilter: SecretFilter = { name: 'published', label: 'Published', options: async () => yesNo };

/** Runs writes of several services as one transaction: each service's own transaction becomes a savepoint in it. */
async function inOneTransaction(deps: AppDeps, run: (inner: AppDeps) => Promise<void>): Promise<void> {
  await deps.db.transaction(async (tx) => run({ ...deps, db: tx as unknown as Database }));
}

const courseLink = (row: { course_id: number | null; course_title: string | null }) =>
  row.course_id === null ? null : { text: row.course_title ?? '', href: `/secret/branches/?course=${row.course_id}` };

const lessons: SecretModel<repo.LessonRow> = {
  slug: 'lessons',
  param: 'lessonId',
  title: 'Lessons',
  singular: 'lesson',
  description: 'Titles and the published, coming soon, premium and success measure flags of lessons.',
  searchHint: 'Title, or #id',
  filters: [courseFilter, publishedFilter],
  columns: [
    { label: 'Id', value: (r) => r.id },
    { label: 'Title', value: (r) => ({ text: r.title, href: `/secret/lessons/${r.id}/` }) },
    { label: 'Course', value: (r) => r.course_title },
    { label: 'Published', value: (r) => r.is_published },
    { label: 'Parts', value: (r) => r.chunk_count },
  ],
  list: (deps, args) => repo.listLessons(deps.db, args),
  find: (deps, id) => repo.findLesson(deps.db, id),
  id: (r) => r.id,
  label: (r) => r.title,
  details: (r) => [
    ['Id', r.id],
    ['Title', r.title],
    ['Course', courseLink(r)],
    ['Published', r.is_published],
    ['Coming soon', r.is_coming_soon],
    ['Premium', r.is_premium],
    ['Demo', r.is_demo],
    ['Success measure', r.has_success_measure],
    ['Parts', r.chunk_count],
    ['Lesson editor', { text: 'Parts, videos and question set', href: `/content/admin/lessons/edit/${r.id}/` }],
  ],
  edit: (r) => ({
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'is_published', label: 'Published', kind: 'checkbox', hint: 'A published lesson needs a part.' },
      { name: 'is_coming_soon', label: 'Coming soon', kind: 'checkbox' },
      { name: 'is_premium', label: 'Premium', kind: 'checkbox' },
      { name: 'has_success_measure', label: 'Success measure', kind: 'checkbox' },
    ],
    hidden: { version: r.version },
    values: {
      title: r.title,
      is_published: r.is_published,
      is_coming_soon: r.is_coming_soon,
      is_premium: r.is_premium,
      has_success_measure: r.has_success_measure,
    },
    schema: secretLessonForm,
    save: async (deps, actor, row, input, ip) => {
      await updateLesson(deps, actor, row.id, input as SecretLessonForm, ip);
    },
  }),
  auditOf: (r) => [{ entityType: 'lesson', entityId: String(r.id) }],
};

const examKinds = [
  { value: 'exam', label: 'Exam' },
  { value: 'question_set', label: 'Question set' },
  { value: 'reflective_question_set', label: 'Reflective question set' },
];

type ExamDetail = repo.ExamRow & { revision?: string };

const exams: SecretModel<ExamDetail> = {
  slug: 'exams',
  param: 'examId',
  title: 'Exams',
  singular: 'exam',
  description: 'Titles, publishing, time limits and the other details of exams and question sets.',
  searchHint: 'Title, or #id',
  filters: [courseFilter, { name: 'kind', label: 'Kind', options: async () => examKinds }, publishedFilter],
  columns: [
    { label: 'Id', value: (r) => r.id },
    { label: 'Title', value: (r) => ({ text: r.title, href: `/secret/exams/${r.id}/` }) },
    { label: 'Course', value: (r) => r.course_title },
    { label: 'Kind', value: (r) => examKinds.find((k) => k.value === r.kind)?.label ?? r.kind },
    { label: 'Published', value: (r) => r.is_published },
    { label: 'Questions', value: (r) => r.question_count },
  ],
  list: (deps, args) => repo.listExams(deps.db, args),
  find: async (deps, id) => {
    const row = await repo.findExam(deps.db, id);
    return row && { ...row, revision: (await getForAuthoring(deps, id)).revision };
  },
  id: (r) => r.id,
  label: (r) => r.title,
  details: (r) => [
    ['Id', r.id],
    ['Title', r.title],
    ['Course', courseLink(r)],
    ['Kind', examKinds.find((k) => k.value === r.kind)?.label ?? r.kind],
    ['Published', r.is_published],
    ['Submittable', r.is_submittable],
    ['Time limit (minutes)', r.time_limit_minutes ?? 'None'],
    ['Questions', r.question_count],
    ['Marks', Number(r.marks_total)],
    ['Additional materials', r.additional_materials || 'None'],
    ['Solutions hidden until results are released', r.hide_solutions_until_release],
    ['Exam editor', { text: 'Sections and questions', href: `/content/admin/exams/edit/${r.id}/` }],
  ],
  edit: (r) => ({
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'is_published', label: 'Published', kind: 'checkbox', hint: 'A published exam needs a question.' },
      { name: 'is_submittable', label: 'Submittable', kind: 'checkbox' },
      {
        name: 'time_limit_minutes',
        label: 'Time limit (minutes)',
        kind: 'number',
        hint: 'Leave empty for no limit.',
      },
      { name: 'additional_materials', label: 'Additional materials', kind: 'textarea' },
      {
        name: 'hide_solutions_until_release',
        label: 'Hide solutions until results are released',
        kind: 'checkbox',
      },
    ],
    hidden: { revision: r.revision ?? '' },
    values: {
      title: r.title,
      is_published: r.is_published,
      is_submittable: r.is_submittable,
      time_limit_minutes: r.time_limit_minutes,
      additional_materials: r.additional_materials,
      hide_solutions_until_release: r.hide_solutions_until_release,
    },
    schema: secretExamForm,
    // The exam editor's own save (details with the sections and questions as they stand), then its publish step
    // when the flag changed: both in one transaction, each audited by the exams feature.
    save: async (deps, actor, row, input, _ip) => {
      const form = input as SecretExamForm;
      await inOneTransaction(deps, async (inner) => {
        const current = await getForAuthoring(inner, row.id);
        // saveExam refuses a stale revision (409) before it writes anything.
        const body = saveExamBody.safeParse({
          ...current,
          title: form.title,
          is_submittable: form.is_submittable,
          time_limit_minutes: form.time_limit_minutes,
          additional_materials: form.additional_materials,
          hide_solutions_until_release: form.hide_solutions_until_release,
          revision: form.revision,
        });
        // Only an exam the editor could not save either (e.g. one left outside its course's tree) fails here.
        if (!body.success) {
          throw new AppError('validation_failed', undefined, { errors: fieldErrors(body.error.issues) });
        }
        const saved = await saveExam(inner, actor, row.id, body.data);
        if (form.is_published !== current.is_published) {
          await publishExam(inner, actor, row.id, { revision: saved.revision, is_published: form.is_published });
        }
      });
    },
  }),
  auditOf: (r) => [{ entityType: 'exam', entityId: String(r.id) }],
};

const classTypes = [
  { value: 'N', label: 'Normal (N)' },
  { value: 'C', label: 'Combined (C)' },
  { value: 'TT', label: 'Teacher trial (TT)' },
  { value: 'ST', label: 'Student trial (ST)' },
];

const schoolClasses: SecretModel<repo.SchoolClassRow> = {
  slug: 'school-classes',
  param: 'classId',
  title: 'School classes',
  singular: 'school class',
  description: 'Titles and expiry dates of the classes of every school.',
  searchHint: 'Class title, school name, or #id',
  filters: [
    {
      name: 'school',
      label: 'School',
      options: async (deps) =>
        (await repo.schoolOptions(deps.db)).map((s) => ({ value: String(s.id), label: `${s.name} (#${s.id})` })),
    },
    {
      name: 'year',
      label: 'Calendar year',
      options: async (deps) => (await repo.classYears(deps.db)).map((y) => ({ value: String(y), label: String(y) })),
    },
    { name: 'type', label: 'Class type', options: async () => classTypes },
  ],
  columns: [
    { label: 'Id', value: (r) => r.id },
    { label: 'Title', value: (r) => ({ text: r.title, href: `/secret/school-classes/${r.id}/` }) },
    { label: 'School', value: (r) => r.school_name },
    { label: 'Course', value: (r) => r.course_title },
    { label: 'Type', value: (r) => r.class_type },
    { label: 'Year', value: (r) => r.calendar_year },
    { label: 'Expires', value: (r) => r.expiration_date },
  ],
  list: (deps, args) => repo.listClasses(deps.db, args),
  find: (deps, id) => repo.findClass(deps.db, id),
  id: (r) => r.id,
  label: (r) => `${r.title} (${r.school_name})`,
  details: (r) => [
    ['Id', r.id],
    ['Title', r.title],
    ['School', r.school_name],
    ['Course', courseLink(r)],
    ['Class type', classTypes.find((t) => t.value === r.class_type)?.label ?? r.class_type],
    ['Plan', r.features],
    ['Calendar year', r.calendar_year],
    ['Expires', r.expiration_date ?? 'Never'],
    ['Teachers', r.teacher_names ?? 'None'],
    ['Students', r.student_count],
    ['Created', formatWhen(new Date(r.created_at))],
  ],
  edit: (r) => ({
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'expiration_date', label: 'Expires on', kind: 'date', hint: 'Leave empty for a class that never ends.' },
    ],
    hidden: {},
    values: { title: r.title, expiration_date: r.expiration_date },
    schema: secretClassForm,
    save: async (deps, actor, row, input, ip) => {
      await updateClassDetailsAsStaff(deps, actor, row.id, input as SecretClassForm, ip);
    },
  }),
  auditOf: (r) => [{ entityType: 'school_class', entityId: String(r.id) }],
};

const nodeTypes = [
  { value: 'course', label: 'Course' },
  { value: 'section', label: 'Topic' },
  { value: 'lesson', label: 'Lesson' },
  { value: 'exam', label: 'Exam' },
  { value: 'attachment', label: 'Attachment' },
];
const nodeTypeLabel = (t: string) => nodeTypes.find((n) => n.value === t)?.label ?? t;

const branches: SecretModel<repo.BranchRow> = {
  slug: 'branches',
  param: 'branchId',
  title: 'Branches',
  singular: 'branch',
  description: "The nodes of the courses' trees: topics, lessons, exams and attachments, with where each sits.",
  searchHint: 'Title of what the branch holds, or #id',
  filters: [courseFilter, { name: 'type', label: 'Type', options: async () => nodeTypes }],
  columns: [
    { label: 'Id', value: (r) => r.id },
    { label: 'Title', value: (r) => ({ text: r.title, href: `/secret/branches/${r.id}/` }) },
    { label: 'Type', value: (r) => nodeTypeLabel(r.node_type) },
    { label: 'Course', value: (r) => r.course_title },
    { label: 'Parent', value: (r) => r.parent_title },
    { label: 'Position', value: (r) => r.position },
  ],
  list: (deps, args) => repo.listBranches(deps.db, args),
  find: (deps, id) => repo.findBranch(deps.db, id),
  id: (r) => r.id,
  label: (r) => `${nodeTypeLabel(r.node_type)}: ${r.title}`,
  details: (r) => [
    ['Id', r.id],
    ['Type', nodeTypeLabel(r.node_type)],
    ['Title', r.title],
    ['Course', courseLink(r)],
    [
      'Parent',
      r.parent_id === null ? 'None' : { text: r.parent_title ?? '', href: `/secret/branches/${r.parent_id}/` },
    ],
    ['Position', r.position],
    ...(r.is_published === null ? [] : [['Published', r.is_published] as [string, boolean]]),
    ...(r.additional_materials === null ? [] : [['Additional materials', r.additional_materials] as [string, boolean]]),
    ...(r.is_premium === null ? [] : [['Premium', r.is_premium] as [string, boolean]]),
    ['Course editor', { text: 'Move or add branches', href: `/content/admin/courses/edit/${r.course_id}/` }],
  ],
  edit: (r) => {
    if (r.node_type === 'section') {
      return {
        fields: [
          { name: 'title', label: 'Title', kind: 'text' },
          { name: 'is_published', label: 'Published', kind: 'checkbox' },
        ],
        hidden: { version: r.course_version },
        values: { title: r.title, is_published: r.is_published },
        schema: secretSectionBranchForm,
        save: async (deps, actor, row, input, ip) => {
          await updateSection(deps, actor, row.course_id, row.value_id, input as SecretSectionBranchForm, ip);
        },
      };
    }
    if (r.node_type === 'attachment') {
      return {
        fields: [
          { name: 'title', label: 'Title', kind: 'text' },
          { name: 'additional_materials', label: 'Additional materials', kind: 'checkbox' },
          { name: 'is_premium', label: 'Premium', kind: 'checkbox' },
        ],
        hidden: { version: r.course_version },
        values: { title: r.title, additional_materials: r.additional_materials, is_premium: r.is_premium },
        schema: secretAttachmentBranchForm,
        save: async (deps, actor, row, input, ip) => {
          await updateAttachment(deps, actor, row.course_id, row.value_id, input as SecretAttachmentBranchForm, ip);
        },
      };
    }
    if (r.node_type === 'lesson' || r.node_type === 'exam') {
      const section = r.node_type === 'lesson' ? 'lessons' : 'exams';
      return {
        fields: null,
        note: `This branch holds a ${r.node_type}: its fields are edited in the ${section} section.`,
        link: { text: `Open the ${r.node_type}`, href: `/secret/${section}/${r.value_id}/` },
      };
    }
    return {
      fields: null,
      note: "This is the course's root: the course's details are edited in the course editor.",
      link: { text: 'Open the course editor', href: `/content/admin/courses/edit/${r.course_id}/` },
    };
  },
  auditOf: (r) => [{ entityType: r.node_type, entityId: String(r.value_id) }],
};

const activities: SecretModel<repo.ActivityRow> = {
  slug: 'activities',
  param: 'activityId',
  title: 'Activities',
  singular: 'activity',
  description: 'Titles of activities, with the course and lesson each is placed in.',
  searchHint: 'Title, or #id',
  filters: [courseFilter],
  columns: [
    { label: 'Id', value: (r) => r.id },
    { label: 'Title', value: (r) => ({ text: r.title, href: `/secret/activities/${r.id}/` }) },
    { label: 'Course', value: (r) => r.course_title },
    { label: 'Lesson', value: (r) => r.lesson_title },
    { label: 'Blocks', value: (r) => r.block_count },
  ],
  list: (deps, args) => repo.listActivities(deps.db, args),
  find: (deps, id) => repo.findActivity(deps.db, id),
  id: (r) => r.id,
  label: (r) => r.title,
  details: (r) => [
    ['Id', r.id],
    ['Title', r.title],
    ['Course', courseLink(r) ?? 'None'],
    ['Lesson', r.lesson_id === null ? 'None' : { text: r.lesson_title ?? '', href: `/secret/lessons/${r.lesson_id}/` }],
    ['Blocks', r.block_count],
    ['Last changed', formatWhen(new Date(r.updated_at))],
    ['Activity editor', { text: 'Blocks and placement', href: `/content/admin/activity/edit/${r.id}/` }],
  ],
  edit: (r) => ({
    fields: [{ name: 'title', label: 'Title', kind: 'text' }],
    hidden: { version: r.version },
    values: { title: r.title },
    schema: secretActivityForm,
    save: async (deps, actor, row, input) => {
      await updateActivity(deps, actor, row.id, input as SecretActivityForm);
    },
  }),
  auditOf: (r) => [{ entityType: 'activity', entityId: String(r.id) }],
};

const paymentLockListItems: SecretModel<repo.LockListItemRow> = {
  slug: 'payment-lock-list-items',
  param: 'itemId',
  title: 'Payment lock list items',
  singular: 'payment lock list item',
  description: "Each school's payment due date for a year, and whether unpaid classes lock after it.",
  searchHint: 'School name, note, or #id',
  filters: [
    {
      name: 'school',
      label: 'School',
      options: async (deps) =>
        (await repo.schoolOptions(deps.db)).map((s) => ({ value: String(s.id), label: `${s.name} (#${s.id})` })),
    },
    {
      name: 'year',
      label: 'Calendar year',
      options: async (deps) => (await repo.classYears(deps.db)).map((y) => ({ value: String(y), label: String(y) })),
    },
    { name: 'locks', label: 'Locks unpaid', options: async () => yesNo },
  ],
  columns: [
    { label: 'Id', value: (r) => r.id },
    {
      label: 'School',
      value: (r) => ({ text: r.school_name, href: `/secret/payment-lock-list-items/${r.id}/` }),
    },
    { label: 'Year', value: (r) => r.calendar_year },
    { label: 'Due', value: (r) => r.due_date },
    { label: 'Locks unpaid', value: (r) => r.locks_unpaid },
    { label: 'Students locked', value: (r) => r.locked_students },
  ],
  list: (deps, args) => repo.listLockListItems(deps.db, args),
  find: (deps, id) => repo.findLockListItem(deps.db, id),
  id: (r) => r.id,
  label: (r) => `${r.school_name} ${r.calendar_year}`,
  details: (r) => [
    ['Id', r.id],
    ['School', r.school_name],
    ['Calendar year', r.calendar_year],
    ['Due date', r.due_date],
    ['Locks unpaid classes after it', r.locks_unpaid],
    ['Note', r.note || 'None'],
    ['Students locked now', r.locked_students],
    ['Last changed', `${formatWhen(new Date(r.updated_at))}${r.updated_by_name ? ` by ${r.updated_by_name}` : ''}`],
    [
      'Prices',
      {
        text: 'School-class product editor',
        href: `/content/admin/school-class-product-editor/${r.calendar_year}/${r.school_id}/`,
      },
    ],
  ],
  edit: (r) => ({
    fields: [
      { name: 'due_date', label: 'Due date', kind: 'date' },
      {
        name: 'locks_unpaid',
        label: 'Lock unpaid classes after the due date',
        kind: 'checkbox',
        hint: 'Saving applies the locks of this school and year at once.',
      },
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
    hidden: { version: new Date(r.updated_at).toISOString() },
    values: { due_date: r.due_date, locks_unpaid: r.locks_unpaid, note: r.note },
    schema: secretLockListItemForm,
    save: async (deps, actor, row, input, ip) => {
      await saveLockListItem(deps, actor, row.id, input as SecretLockListItemForm, ip);
    },
  }),
  auditOf: (r) => [{ entityType: 'payment_lock_list_item', entityId: String(r.id) }],
};

/** Every section of /secret/, in the index's order. */
export const secretModels: AnySecretModel[] = [
  exams,
  schoolClasses,
  lessons,
  branches,
  paymentLockListItems,
  activities,
];
