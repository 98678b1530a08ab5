import { integer } from 'drizzle-orm/pg-core';
import { profiles } from './accounts';
import { schoolClasses, schools } from './schools';

/**
 * The columns that tie a row to one student in one class, school first (every school-owned row carries it).
 * A function, because Drizzle needs new column builders for each table.
 */
export function studentInClassColumns() {
  return {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    classId: integer('class_id')
      .notNull()
      .references(() => schoolClasses.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  };
}
