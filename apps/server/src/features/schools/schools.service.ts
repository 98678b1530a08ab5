import type { z } from 'zod';
import type { schoolClassesResponse } from '@banksia/contracts/courses';
import { hasRole } from '../../platform/authz';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import * as repo from './schools.repository';

/** Staff roles that work across every school (the school list shows them all). */
const STAFF = ['content_admin', 'roster_admin', 'payments_admin'] as const;

/**
 * A school's classes of one calendar year (default: the latest year with classes, else the current year), for
 * users with a teacher profile at the school and for staff.
 */
export async function schoolClasses(
  deps: AppDeps,
  actor: Actor,
  schoolId: number,
  year: number | undefined,
): Promise<z.infer<typeof schoolClassesResponse>> {
  const school = await repo.findSchool(deps.db, schoolId);
  if (!school) throw new AppError('not_found', 'No such school.');
  if (!hasRole(actor, ...STAFF) && !(await repo.teachesAtSchool(deps.db, actor.userId, school.id))) {
    throw new AppError('forbidden');
  }
  const years = await repo.classYears(deps.db, school.id);
  // UTC year: the server's time zone is not the school's, and only matters for a school with no classes yet.
  const chosen = year ?? years[0] ?? deps.clock.now().getUTCFullYear();
  const classes = await repo.classesOfYear(deps.db, school.id, chosen);
  return { school, years, classes };
}
