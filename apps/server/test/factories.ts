import { randomBytes } from 'node:crypto';
import type { Role } from '@banksia/contracts/accounts';
import { AccessStatus } from '@banksia/contracts/classes';
import {
  classTeachers,
  courses,
  enrolments,
  profiles,
  schoolClasses,
  schools,
  userRoles,
  users,
} from '../src/db/schema/index';
import type { Database } from '../src/platform/db';
import { hashPassword } from '../src/platform/passwords';

const unique = () => randomBytes(4).toString('hex');

export async function createSchool(db: Database, overrides: Partial<typeof schools.$inferInsert> = {}) {
  const u = unique();
  const [row] = await db
    .insert(schools)
    .values({ name: `School ${u}`, slug: `school-${u}`, ...overrides })
    .returning();
  return row!;
}

export async function createCourse(db: Database, overrides: Partial<typeof courses.$inferInsert> = {}) {
  const u = unique();
  const [row] = await db
    .insert(courses)
    .values({ slug: `course-${u}`, title: `Course ${u}`, isPublished: true, yearPublished: 2026, ...overrides })
    .returning();
  return row!;
}

export async function createUser(
  db: Database,
  options: {
    email?: string;
    firstName?: string;
    lastName?: string;
    password?: string;
    roles?: Role[];
    isActive?: boolean;
  } = {},
) {
  const u = unique();
  const [row] = await db
    .insert(users)
    .values({
      email: options.email ?? `user-${u}@example.test`,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? `User ${u}`,
      passwordHash: options.password ? await hashPassword(options.password) : null,
      isActive: options.isActive ?? true,
    })
    .returning();
  if (options.roles?.length)
    await db.insert(userRoles).values(options.roles.map((role) => ({ userId: row!.id, role })));
  return row!;
}

export async function createClass(
  db: Database,
  school: { id: number },
  overrides: Partial<typeof schoolClasses.$inferInsert> = {},
) {
  const course = overrides.courseId ? { id: overrides.courseId } : await createCourse(db);
  const [row] = await db
    .insert(schoolClasses)
    .values({
      schoolId: school.id,
      courseId: course.id,
      title: `Class ${unique()}`,
      classType: 'N',
      calendarYear: 2026,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A teacher (user, teacher profile, teacher role) teaching the given classes. */
export async function createTeacher(
  db: Database,
  school: { id: number },
  classes: { id: number }[] = [],
  options: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(db, { roles: ['teacher'], ...options });
  const [profile] = await db
    .insert(profiles)
    .values({ userId: user.id, schoolId: school.id, kind: 'teacher' })
    .returning();
  if (classes.length) {
    await db
      .insert(classTeachers)
      .values(classes.map((c) => ({ schoolId: school.id, classId: c.id, profileId: profile!.id })));
  }
  return { user, profile: profile! };
}

/** A student enrolled in the given classes with an access status (UPLOADED by default). */
export async function createStudent(
  db: Database,
  school: { id: number },
  classes: { id: number }[] = [],
  options: Parameters<typeof createUser>[1] & { accessStatus?: number } = {},
) {
  const user = await createUser(db, { roles: ['student'], ...options });
  const [profile] = await db
    .insert(profiles)
    .values({ userId: user.id, schoolId: school.id, kind: 'student' })
    .returning();
  if (classes.length) {
    await db.insert(enrolments).values(
      classes.map((c) => ({
        schoolId: school.id,
        classId: c.id,
        profileId: profile!.id,
        accessStatus: options.accessStatus ?? AccessStatus.UPLOADED,
      })),
    );
  }
  return { user, profile: profile! };
}
