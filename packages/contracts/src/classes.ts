import { z } from 'zod';
import { idParam, MAX_ID, idValue } from './ids';
import { AccessStatus, classFeatures, classTypes, type ClassFeatures, type ClassType } from './rules/class-kinds';

export {
  AccessStatus,
  classFeatureLabels,
  classFeatures,
  classTypeLabels,
  classTypes,
  type ClassFeatures,
  type ClassType,
} from './rules/class-kinds';
export const classTypeSchema = z.enum(classTypes);
export const classFeaturesSchema = z.enum(classFeatures);
export const accessStatusSchema = z.union(
  Object.values(AccessStatus).map((v) => z.literal(v)) as unknown as [
    z.ZodLiteral<AccessStatus>,
    z.ZodLiteral<AccessStatus>,
    ...z.ZodLiteral<AccessStatus>[],
  ],
);

export const classIdParams = z.object({ classId: idParam });

/** A student of a class, by their profile id (class management). */
export const classStudentParams = z.object({ classId: idParam, profileId: idParam });

/** The answer to withdrawing a student: their place in the class is kept as REMOVED (20), with their work. */
export const withdrawStudentResponse = z.object({
  profile_id: z.number().int(),
  access_status: z.number().int(),
});
export type WithdrawStudentResponse = z.infer<typeof withdrawStudentResponse>;

/** The profile inside a raw enrolment, as the API sends it. */
export const rawEnrolmentProfileSchema = z.object({
  id: z.number().int(),
  user: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_active: z.boolean(),
});

export const rawEnrolmentSchema = z.object({
  id: z.number().int(),
  access_status: accessStatusSchema,
  profile: rawEnrolmentProfileSchema,
});

/** The raw answer of api:class-detail. The web app turns it into a ClassDetail with `toClassDetail`. */
export const rawClassDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  course_id: z.number().int(),
  course_title: z.string(),
  class_type: classTypeSchema,
  features: classFeaturesSchema,
  calendar_year: z.number().int(),
  expiration_date: z.string().nullable(),
  activation_link: z.string().nullable(),
  enrolments: z.array(rawEnrolmentSchema),
});
export type RawClassDetail = z.infer<typeof rawClassDetailSchema>;
export type RawEnrolment = z.infer<typeof rawEnrolmentSchema>;

export interface Student {
  profile_id: number;
  user_id: number;
  display_name: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
}

export interface ClassDetail {
  id: number;
  title: string;
  course_id: number;
  course_title: string;
  class_type: ClassType;
  features: ClassFeatures;
  calendar_year: number;
  expiration_date: string | null;
  activation_link: string | null;
  /** Students keyed by profile id. */
  students: Record<number, Student>;
  /** Profile ids in roster order: last name, then display name. */
  student_ids: number[];
}

/** A class as listed in /auth/me/: the classes a user teaches or studies in. */
export const classSummarySchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  title: z.string(),
  calendar_year: z.number().int(),
  class_type: classTypeSchema,
  role: z.enum(['teacher', 'student']),
  school_id: z.number().int(),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Class editor (/class-management/my-school/)

const yearValue = z
  .number()
  .int()
  .min(2000, 'Enter a year from 2000 to 2100.')
  .max(2100, 'Enter a year from 2000 to 2100.');

/** A teacher at a school, for the class editor's teacher picker. */
export const schoolTeacherSchema = z.object({ profile_id: z.number().int(), name: z.string() });

/** A school where the user may manage classes: school admins manage every class, teachers the classes they teach. */
export const classManagementSchoolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  is_admin: z.boolean(),
  /** The user's own teacher profile at the school. */
  my_profile_id: z.number().int(),
  teachers: z.array(schoolTeacherSchema),
});
export type ClassManagementSchool = z.infer<typeof classManagementSchoolSchema>;
export const classManagementResponse = z.object({ schools: z.array(classManagementSchoolSchema) });

export const managedClassSchema = z.object({
  id: z.number().int(),
  school_id: z.number().int(),
  title: z.string(),
  course_id: z.number().int(),
  course_title: z.string(),
  class_type: classTypeSchema,
  features: classFeaturesSchema,
  calendar_year: z.number().int(),
  /** yyyy-MM-dd */
  expiration_date: z.string().nullable(),
  activation_link: z.string().nullable(),
  teacher_profile_ids: z.array(idValue),
  teacher_names: z.array(z.string()),
  student_count: z.number().int(),
});
export type ManagedClass = z.infer<typeof managedClassSchema>;

export const schoolIdParams = z.object({ schoolId: idParam });
export const managedClassesQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export const managedClassesResponse = z.object({
  year: z.number().int(),
  /** Years with classes the user may manage, latest first. */
  years: z.array(z.number().int()),
  classes: z.array(managedClassSchema),
});
export type ManagedClasses = z.infer<typeof managedClassesResponse>;

/** Create or edit a class (the whole class each time). */
export const classEditBody = z.object({
  title: z.string().trim().min(1, 'Enter a title.').max(100, 'Use at most 100 characters.'),
  course_id: z.number({ message: 'Choose a course.' }).int().positive('Choose a course.').max(MAX_ID),
  class_type: classTypeSchema,
  features: classFeaturesSchema,
  calendar_year: yearValue,
  expiration_date: z.iso.date({ message: 'Enter a date as dd/mm/yyyy.' }).nullable(),
  teacher_profile_ids: z
    .array(z.number().int().positive())
    .min(1, 'Choose at least one teacher.')
    .max(50, 'Choose at most 50 teachers.'),
});
export type ClassEditBody = z.infer<typeof classEditBody>;

// ---------------------------------------------------------------------------------------------------------------
// Class list uploader (/class-list-uploader/)

/** Largest class list file accepted (bytes of UTF-8). */
export const CLASS_LIST_MAX_BYTES = 1_000_000;
/** Most students (data rows) in one class list. */
export const CLASS_LIST_MAX_ROWS = 1000;
/** The columns a class list must name in its header row (others are ignored). */
export const CLASS_LIST_COLUMNS = ['first_name', 'last_name', 'email'] as const;

/** A class the user may upload a class list to. */
export const uploaderClassSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  school_id: z.number().int(),
  school_name: z.string(),
  course_title: z.string(),
  calendar_year: z.number().int(),
  student_count: z.number().int(),
});
export type UploaderClass = z.infer<typeof uploaderClassSchema>;
export const uploaderClassesResponse = z.array(uploaderClassSchema);

/** The class list file's text, as read from the file (UTF-8). */
export const classListBody = z.object({ csv: z.string() });

/** What applying the list does for a row. */
export const classListActions = ['new_account', 'existing_account', 'already_in_class'] as const;
export const classListActionSchema = z.enum(classListActions);
export type ClassListAction = z.infer<typeof classListActionSchema>;
export const classListActionLabels: Record<ClassListAction, string> = {
  new_account: 'New account',
  existing_account: 'Existing account joins',
  already_in_class: 'Already in class',
};

export const classListRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** Null when the row has errors. */
  action: classListActionSchema.nullable(),
  errors: z.array(z.string()),
});
export type ClassListRow = z.infer<typeof classListRowSchema>;

export const classListPreviewSchema = z.object({
  class_id: z.number().int(),
  class_title: z.string(),
  rows: z.array(classListRowSchema),
  counts: z.object({
    rows: z.number().int(),
    errors: z.number().int(),
    new_account: z.number().int(),
    existing_account: z.number().int(),
    already_in_class: z.number().int(),
  }),
  /** True when no row has an error: the list can be applied. */
  can_apply: z.boolean(),
});
export type ClassListPreview = z.infer<typeof classListPreviewSchema>;

export const classListResultSchema = z.object({
  class_id: z.number().int(),
  created_accounts: z.number().int(),
  joined: z.number().int(),
  already_in_class: z.number().int(),
});
export type ClassListResult = z.infer<typeof classListResultSchema>;
