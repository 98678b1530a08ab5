import { z } from 'zod';

export const classTypes = ['N', 'C', 'TT', 'ST'] as const;
export const classTypeSchema = z.enum(classTypes);
export type ClassType = z.infer<typeof classTypeSchema>;
export const classTypeLabels: Record<ClassType, string> = {
  N: 'Normal',
  C: 'Complimentary',
  TT: 'Teacher trial',
  ST: 'Student trial',
};

export const classFeatures = ['STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK'] as const;
export const classFeaturesSchema = z.enum(classFeatures);
export type ClassFeatures = z.infer<typeof classFeaturesSchema>;

/** Enrolment access status levels (spec §3). */
export const AccessStatus = {
  UNKNOWN: 10,
  REMOVED: 20,
  LOCKED: 25,
  LEGACY: 30,
  UPLOADED: 40,
  ADDED_VIA_ADMIN: 50,
} as const;
export type AccessStatus = (typeof AccessStatus)[keyof typeof AccessStatus];
export const accessStatusSchema = z.union(
  Object.values(AccessStatus).map((v) => z.literal(v)) as unknown as [
    z.ZodLiteral<AccessStatus>,
    z.ZodLiteral<AccessStatus>,
    ...z.ZodLiteral<AccessStatus>[],
  ],
);

export const classIdParams = z.object({ classId: z.coerce.number().int().positive() });

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
