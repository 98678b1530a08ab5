import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { schoolClasses, schools } from './schools';

/**
 * Anonymous student accounts made for a student trial (ST) class. Their `users.email` holds the generated username
 * (`trial-xxxxxx`), the identifier they sign in with; they cannot sign in once the class has expired as a trial.
 */
export const trialAccounts = pgTable(
  'trial_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    classId: integer('class_id')
      .notNull()
      .references(() => schoolClasses.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trial_accounts_class_idx').on(t.classId)],
);
