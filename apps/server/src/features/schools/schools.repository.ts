import { asc, eq, inArray } from 'drizzle-orm';
import { profiles, schools } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

export async function allSchools(db: Executor) {
  return db.select({ id: schools.id, name: schools.name }).from(schools).orderBy(asc(schools.name));
}

/** The schools a user has a student or teacher profile at. */
export async function schoolsOfUser(db: Executor, userId: number) {
  const mine = db.select({ id: profiles.schoolId }).from(profiles).where(eq(profiles.userId, userId));
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(inArray(schools.id, mine))
    .orderBy(asc(schools.name));
}
