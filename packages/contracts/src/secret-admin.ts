import { z } from 'zod';
import { updateAttachmentBody, updateLessonBody, updateSectionBody } from './authoring-courses';
import { classEditBody } from './classes';
import { examDetailsSchema } from './exam-authoring';
import { MAX_ID } from './ids';

/**
 * The server-rendered admin under /secret/ (docs/secret-admin.md): the forms' schemas. An HTML form sends strings,
 * and an unticked checkbox sends nothing; `htmlForm` turns those into the values the owning feature's body schema
 * expects, so each rule (a title's length, a time limit's range) is stated once, in that feature's contract.
 */

/** How a form field's string becomes a value. */
export type FormFieldKind = 'text' | 'checkbox' | 'integer' | 'optional-integer' | 'optional-date';

function fromForm(kind: FormFieldKind, raw: unknown): unknown {
  const text = typeof raw === 'string' ? raw : undefined;
  switch (kind) {
    case 'checkbox':
      // Browsers send "on" for a ticked box and nothing for an unticked one.
      return text === 'on' || text === 'true';
    case 'integer':
    case 'optional-integer': {
      const trimmed = text?.trim() ?? '';
      if (trimmed === '') return kind === 'optional-integer' ? null : undefined;
      // Not a whole number: kept as text, so the schema names the field ("expected number").
      return /^-?\d{1,10}$/.test(trimmed) ? Number(trimmed) : trimmed;
    }
    case 'optional-date': {
      const trimmed = text?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    }
    case 'text':
      return text;
  }
}

/** A schema reading an HTML form's fields (`kinds`) into `schema`'s values; other fields (`_csrf`) are dropped. */
export function htmlForm<T extends z.ZodType>(schema: T, kinds: Record<string, FormFieldKind>) {
  return z.preprocess((raw) => {
    const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, fromForm(kind, body[name])]));
  }, schema);
}

const version = z.number({ message: 'Reload the page and try again.' }).int().min(1).max(MAX_ID);

/** Lessons: the title and the four flags (the parts and the question set belong to the lesson editor). */
export const secretLessonForm = htmlForm(
  updateLessonBody
    .pick({ title: true, is_published: true, is_coming_soon: true, is_premium: true, has_success_measure: true })
    .required()
    .extend({ version }),
  {
    version: 'integer',
    title: 'text',
    is_published: 'checkbox',
    is_coming_soon: 'checkbox',
    is_premium: 'checkbox',
    has_success_measure: 'checkbox',
  },
);
export type SecretLessonForm = z.infer<typeof secretLessonForm>;

/** Exams: the details that are not structure (kind and placement stay with the exam editor), and publishing. */
export const secretExamForm = htmlForm(
  examDetailsSchema
    .pick({
      title: true,
      is_submittable: true,
      time_limit_minutes: true,
      additional_materials: true,
      hide_solutions_until_release: true,
    })
    .extend({
      is_published: z.boolean(),
      revision: z.string({ message: 'Reload the page and try again.' }).min(1).max(100),
    }),
  {
    revision: 'text',
    title: 'text',
    is_published: 'checkbox',
    is_submittable: 'checkbox',
    time_limit_minutes: 'optional-integer',
    additional_materials: 'text',
    hide_solutions_until_release: 'checkbox',
  },
);
export type SecretExamForm = z.infer<typeof secretExamForm>;

/** School classes: the title and the expiry date (course, type, plan, year and teachers stay with the class editor). */
export const secretClassForm = htmlForm(classEditBody.pick({ title: true, expiration_date: true }), {
  title: 'text',
  expiration_date: 'optional-date',
});
export type SecretClassForm = z.infer<typeof secretClassForm>;

/** Activities: the title (the blocks and the placement stay with the activity editor). */
export const secretActivityForm = htmlForm(
  z.object({ version, title: z.string().trim().min(1, 'This field may not be blank.').max(200) }),
  { version: 'integer', title: 'text' },
);
export type SecretActivityForm = z.infer<typeof secretActivityForm>;

/** Branches that are topics (sections): title and published; `version` is the course's. */
export const secretSectionBranchForm = htmlForm(updateSectionBody.required().extend({ version }), {
  version: 'integer',
  title: 'text',
  is_published: 'checkbox',
});
export type SecretSectionBranchForm = z.infer<typeof secretSectionBranchForm>;

/** Branches that are attachments: title and the two flags; `version` is the course's. */
export const secretAttachmentBranchForm = htmlForm(updateAttachmentBody.required().extend({ version }), {
  version: 'integer',
  title: 'text',
  additional_materials: 'checkbox',
  is_premium: 'checkbox',
});
export type SecretAttachmentBranchForm = z.infer<typeof secretAttachmentBranchForm>;

/** A list page's query: search text, page number and the section's filters (each read by the section). */
export const secretListQuery = z
  .object({
    q: z.string().trim().max(200).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  })
  .catchall(z.string().max(200).optional().catch(undefined));
export type SecretListQuery = z.infer<typeof secretListQuery>;

/**
 * Payment lock list items: the due date, whether unpaid classes lock after it, and a note (the school and year, and
 * the prices, stay with the school-class product editor); `version` is the item's last change.
 */
export const secretLockListItemForm = htmlForm(
  z.object({
    version: z.string({ message: 'Reload the page and try again.' }).min(1).max(100),
    due_date: z.iso.date({ message: 'Enter a date as yyyy-mm-dd.' }),
    locks_unpaid: z.boolean(),
    note: z.string().trim().max(500, 'Use at most 500 characters.'),
  }),
  { version: 'text', due_date: 'text', locks_unpaid: 'checkbox', note: 'text' },
);
export type SecretLockListItemForm = z.infer<typeof secretLockListItemForm>;
