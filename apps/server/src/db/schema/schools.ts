import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { profiles } from './accounts';

export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  /** Where the school's own addresses live (`school.vic.edu.au`); subdomains count too. Set by content staff. */
  emailDomains: text('email_domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * The school's IANA time zone ("Australia/Perth"): every "day" of the school (class expiry, the daily review, due
   * dates, payment locks, report dates) is a day there (ADR 048). The migration gave existing schools the server's
   * SCHOOL_TIME_ZONE; code that makes a school passes the configured zone, this default is only the last resort.
   */
  timeZone: text('time_zone').notNull().default('Australia/Sydney'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schoolClasses = pgTable(
  'school_classes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    title: text('title').notNull(),
    classType: text('class_type', { enum: ['N', 'C', 'TT', 'ST'] }).notNull(),
    features: text('features', { enum: ['STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK'] })
      .notNull()
      .default('STANDARD'),
    calendarYear: integer('calendar_year').notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }),
    activationCode: text('activation_code').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('school_classes_school_year_idx').on(t.schoolId, t.calendarYear),
    check('school_classes_class_type_check', sql`${t.classType} in ('N', 'C', 'TT', 'ST')`),
    check('school_classes_features_check', sql`${t.features} in ('STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK')`),
  ],
);

export const classTeachers = pgTable(
  'class_teachers',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    classId: integer('class_id')
      .notNull()
      .references(() => schoolClasses.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('class_teachers_class_profile_key').on(t.classId, t.profileId),
    index('class_teachers_profile_idx').on(t.profileId),
  ],
);

export const enrolments = pgTable(
  'enrolments',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    classId: integer('class_id')
      .notNull()
      .references(() => schoolClasses.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id),
    accessStatus: smallint('access_status').notNull().default(10),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('enrolments_class_profile_key').on(t.classId, t.profileId),
    index('enrolments_profile_idx').on(t.profileId),
    check('enrolments_access_status_check', sql`${t.accessStatus} in (10, 20, 25, 30, 40, 50)`),
  ],
);
