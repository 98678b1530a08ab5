/**
 * A class's type, its feature set and an enrolment's access status, as plain values: the web app's class pages read
 * these without loading zod (classes.ts makes the schemas and re-exports them).
 */
export const classTypes = ['N', 'C', 'TT', 'ST'] as const;
export type ClassType = (typeof classTypes)[number];
export const classTypeLabels: Record<ClassType, string> = {
  N: 'Normal',
  C: 'Complimentary',
  TT: 'Teacher trial',
  ST: 'Student trial',
};

export const classFeatures = ['STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK'] as const;
export type ClassFeatures = (typeof classFeatures)[number];
export const classFeatureLabels: Record<ClassFeatures, string> = {
  STANDARD: 'Standard',
  EXTENDED: 'Extended',
  EXTENDED_TEXTBOOK: 'Extended with textbook',
};

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
