import { AccessStatus } from '@banksia/contracts/classes';
import { FALLBACK_SCHOOL_TIME_ZONE, localYear } from '@banksia/contracts/rules/class-expiry';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { hashPassword } from '../../platform/passwords';
import type { Storage } from '../../platform/storage';
import {
  classProducts,
  paymentLocks,
  classTeachers,
  courses,
  enrolments,
  profiles,
  schoolClasses,
  schools,
  userRoles,
  users,
} from '../schema/index';
import { seedDemoActivity, type DemoStudent } from './demo-activity';
import { seedDemoContent } from './demo-content';

export const DEMO_PASSWORD = 'banksia-demo';
export const DEMO_SCHOOL_SLUG = 'banksia-demo-high';
/** A second school, so anyone can try that one school's people never see another's. */
export const SECOND_SCHOOL_SLUG = 'wattle-creek-college';

/** The demo accounts printed at start and listed in the README. */
export const demoAccounts = [
  { email: 'student@banksia.test', role: 'Student (Ava Nguyen, 9MAT1 and 11ENG trial)' },
  { email: 'teacher@banksia.test', role: 'Teacher and school admin (Priya Sharma, all three classes)' },
  { email: 'content@banksia.test', role: 'Content, roster and payments admin (Sam Okafor)' },
  { email: 'editor@banksia.test', role: 'Content admin (Lena Fischer, a second author, e.g. to review captions)' },
  { email: 'daniel.brooks@banksia.test', role: 'Teacher (Daniel Brooks, 9MAT2)' },
  { email: 'teacher@wattle.test', role: 'Teacher and school admin at a second school (Mei Lin, Wattle Creek College)' },
  { email: 'student@wattle.test', role: 'Student at the second school (Tom Harris, 10SCI-W)' },
] as const;

/**
 * The browser journeys sit these exams as these classmates (an exam is sat once), so the demo activity leaves those
 * sittings for them; every other classmate has a term of made-up activity.
 */
const JOURNEY_EXAMS = ['Fractions and decimals topic test', 'Equivalent fractions: check your understanding'] as const;
const JOURNEY_STUDENTS: ReadonlySet<string> = new Set(
  ['charlotte.wilson', 'jack.thompson', 'isla.martin', 'noah.kelly', 'amelia.chen', 'zoe.campbell', 'leo.clarke'].map(
    (name) => `${name}@students.banksia.test`,
  ),
);

/** Students whose review cards the seed leaves due today: the demo student, and those the review journey uses. */
const REVIEW_KEPT_DUE: ReadonlySet<string> = new Set([
  ...JOURNEY_STUDENTS,
  'student@banksia.test',
  'grace.robinson@students.banksia.test',
  'ethan.hughes@students.banksia.test',
]);

/** Demo data that belongs to a feature (db code does not import features): main.ts passes the feature's seeder. */
export interface DemoSeedExtras {
  /** The demo schools' IANA time zone (config's SCHOOL_TIME_ZONE; Sydney when absent). */
  timeZone?: string;
  /** Replays a few weeks of spaced-retrieval review in the demo classes (features/review/review.demo.ts). */
  reviews?: (
    tx: Executor,
    o: {
      schoolId: number;
      classes: { classId: number; students: DemoStudent[] }[];
      keepDue: ReadonlySet<string>;
      now: Date;
    },
  ) => Promise<void>;
  /**
   * Recomputes the progress grids' rollup (features/progress/progress-rollup.ts) once the facts are in: they are
   * inserted in bulk, past the services that keep it current.
   */
  rollup?: (tx: Executor) => Promise<unknown>;
  /**
   * Charges the school's students for the year's class prices (features/payments: syncCharges), as saving a price in
   * the product editor does, so the owing report and /payment/ agree from the start.
   */
  fees?: (tx: Executor, o: { schoolId: number; calendarYear: number; now: Date }) => Promise<unknown>;
}

const students: [string, string][] = [
  ['Oliver', 'Bennett'],
  ['Charlotte', 'Wilson'],
  ['Jack', 'Thompson'],
  ['Isla', 'Martin'],
  ['Noah', 'Kelly'],
  ['Amelia', 'Chen'],
  ['William', "O'Brien"],
  ['Mia', 'Patel'],
  ['Thomas', 'Walker'],
  ['Grace', 'Robinson'],
  ['Lucas', 'Nguyen'],
  ['Zoe', 'Campbell'],
  ['Henry', 'Murphy'],
  ['Ruby', 'Singh'],
  ['Leo', 'Clarke'],
  ['Chloe', 'Wright'],
  ['Ethan', 'Hughes'],
  ['Sienna', 'Lee'],
  ['Archie', 'Taylor'],
  ['Matilda', 'Edwards'],
  ['Hamish', 'Fraser'],
  ['Aisha', 'Rahman'],
  ['Kai', 'Tanaka'],
  ['Evie', 'Morrison'],
];

/** 9MAT2: a second maths class with its own teacher, so school pages compare classes taking one course. */
const mat2Students: [string, string][] = [
  ['Harper', 'Quinn'],
  ['Oscar', 'Doyle'],
  ['Ivy', 'Bennett-Shaw'],
  ['Finn', 'Ahmed'],
  ['Lily', 'Costa'],
  ['Max', 'Petrov'],
  ['Eliza', 'Park'],
  ['Jasper', 'Young'],
];

/** 10SCI-W at Wattle Creek College, the second demo school. */
const wattleStudents: [string, string][] = [
  ['Olivia', 'Brown'],
  ['Jacob', 'Reid'],
  ['Sofia', 'Marino'],
  ['Ryan', 'Okonkwo'],
  ['Emma', 'Davies'],
];

const courseRows = [
  {
    slug: 'year-9-mathematics',
    title: 'Year 9 Mathematics',
    subject: 'Mathematics',
    defaultYearLevel: '9',
    curriculum: 'Australian Curriculum',
    hasTextbook: true,
    showStudentNotes: true,
  },
  {
    slug: 'year-10-science',
    title: 'Year 10 Science',
    subject: 'Science',
    defaultYearLevel: '10',
    curriculum: 'Australian Curriculum',
    hasTextbook: false,
    showStudentNotes: true,
  },
  {
    slug: 'year-11-english-advanced',
    title: 'Year 11 English Advanced',
    subject: 'English',
    defaultYearLevel: '11',
    curriculum: 'NSW Stage 6',
    hasTextbook: false,
    showStudentNotes: false,
  },
];

/**
 * Seeds the demo school, with its courses' content and media (written to `storage`), once. Safe to call on
 * every start: it does nothing when the school exists, and an advisory lock keeps two starting processes
 * from seeding twice.
 */
export async function seedDemoSchool(
  db: Database,
  storage: Storage,
  now: Date = new Date(),
  extras: DemoSeedExtras = {},
): Promise<{ created: boolean }> {
  const timeZone = extras.timeZone ?? FALLBACK_SCHOOL_TIME_ZONE;
  // The school's calendar year: on 31 December in UTC it is already next year in Australia.
  const year = localYear(now, timeZone);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('banksia-demo-seed'))`);
    const [existing] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.slug, DEMO_SCHOOL_SLUG));
    if (existing) return { created: false };

    // Every demo account shares the published demo password, so one hash serves them all.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const [school] = await tx
      .insert(schools)
      .values({ name: 'Banksia Demo High School', slug: DEMO_SCHOOL_SLUG, emailDomains: ['banksia.test'], timeZone })
      .returning();
    const courseIds = await tx
      .insert(courses)
      .values(
        courseRows.map((c) => ({
          ...c,
          isPublished: true,
          yearPublished: year,
          featureSets: {
            STUDENT_NOTES: ['STANDARD', 'EXTENDED', 'EXTENDED_TEXTBOOK'],
            LESSON_QUESTIONS: ['EXTENDED', 'EXTENDED_TEXTBOOK'],
            // 9MAT1 (EXTENDED_TEXTBOOK) opens premium content; the 10SCI trial (EXTENDED) sees it locked.
            PREMIUM_LESSONS: ['EXTENDED_TEXTBOOK'],
            PREMIUM_ATTACHMENTS: ['EXTENDED_TEXTBOOK'],
          },
        })),
      )
      .onConflictDoUpdate({ target: courses.slug, set: { title: sql`excluded.title` } })
      .returning({ id: courses.id });
    await seedDemoContent(tx, storage, {
      mathematics: courseIds[0]!.id,
      science: courseIds[1]!.id,
      english: courseIds[2]!.id,
    });

    const makeUser = async (email: string, firstName: string, lastName: string) => {
      const [u] = await tx
        .insert(users)
        .values({ email, firstName, lastName, passwordHash })
        .returning({ id: users.id });
      return u!.id;
    };
    const makeProfile = async (userId: number, kind: 'student' | 'teacher') => {
      const [p] = await tx
        .insert(profiles)
        .values({ userId, schoolId: school!.id, kind })
        .returning({ id: profiles.id });
      return p!.id;
    };

    const teacherId = await makeUser('teacher@banksia.test', 'Priya', 'Sharma');
    const contentId = await makeUser('content@banksia.test', 'Sam', 'Okafor');
    // A second content author, so work that needs a second person (caption review) can be tried.
    const editorId = await makeUser('editor@banksia.test', 'Lena', 'Fischer');
    const studentId = await makeUser('student@banksia.test', 'Ava', 'Nguyen');
    await tx.insert(userRoles).values([
      { userId: teacherId, role: 'teacher' },
      { userId: teacherId, role: 'school_admin' },
      { userId: contentId, role: 'content_admin' },
      { userId: contentId, role: 'roster_admin' },
      { userId: contentId, role: 'payments_admin' },
      { userId: editorId, role: 'content_admin' },
      { userId: studentId, role: 'student' },
    ]);
    const teacherProfile = await makeProfile(teacherId, 'teacher');
    const avaProfile = await makeProfile(studentId, 'student');

    const classRows = await tx
      .insert(schoolClasses)
      .values([
        {
          schoolId: school!.id,
          courseId: courseIds[0]!.id,
          title: '9MAT1',
          classType: 'N',
          features: 'EXTENDED_TEXTBOOK',
          calendarYear: year,
          expirationDate: `${year}-12-31`,
          activationCode: `demo-9mat1-${year}`,
        },
        {
          schoolId: school!.id,
          courseId: courseIds[1]!.id,
          title: '10SCI Teacher trial',
          classType: 'TT',
          features: 'EXTENDED',
          calendarYear: year,
          expirationDate: `${year}-12-31`,
          activationCode: `demo-10sci-${year}`,
        },
        {
          schoolId: school!.id,
          courseId: courseIds[2]!.id,
          title: '11ENG Student trial',
          classType: 'ST',
          features: 'STANDARD',
          calendarYear: year,
          expirationDate: `${year}-12-31`,
          activationCode: `demo-11eng-${year}`,
        },
      ])
      .returning({ id: schoolClasses.id });
    const [maths, science, english] = classRows.map((c) => c.id) as [number, number, number];
    await tx
      .insert(classTeachers)
      .values(
        [maths, science, english].map((classId) => ({ schoolId: school!.id, classId, profileId: teacherProfile })),
      );

    const enrol = (classId: number, profileId: number, accessStatus: number) => ({
      schoolId: school!.id,
      classId,
      profileId,
      accessStatus,
    });
    const rows = [
      enrol(maths, avaProfile, AccessStatus.UPLOADED),
      enrol(english, avaProfile, AccessStatus.ADDED_VIA_ADMIN),
    ];
    const mathsStudents: DemoStudent[] = [];
    const scienceStudents: DemoStudent[] = [];
    for (const [i, [first, last]] of students.entries()) {
      const email = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@students.banksia.test';
      const userId = await makeUser(email, first, last);
      await tx.insert(userRoles).values({ userId, role: 'student' });
      const profileId = await makeProfile(userId, 'student');
      // Most of 9MAT1 came from the school's roster upload; one left (REMOVED) and one is locked for an unpaid fee.
      const status =
        i === 22
          ? AccessStatus.REMOVED
          : i === 23
            ? AccessStatus.LOCKED
            : i % 7 === 0
              ? AccessStatus.ADDED_VIA_ADMIN
              : AccessStatus.UPLOADED;
      rows.push(enrol(maths, profileId, status));
      if (status >= AccessStatus.LOCKED) mathsStudents.push({ profileId, email });
      if (i < 8) rows.push(enrol(science, profileId, AccessStatus.ADDED_VIA_ADMIN));
      if (i < 8) scienceStudents.push({ profileId, email });
      if (i >= 8 && i < 14) rows.push(enrol(english, profileId, AccessStatus.UPLOADED));
    }
    // 9MAT2, taught by Daniel Brooks (a teacher the demo teacher does not teach alongside).
    const brooksId = await makeUser('daniel.brooks@banksia.test', 'Daniel', 'Brooks');
    await tx.insert(userRoles).values({ userId: brooksId, role: 'teacher' });
    const brooksProfile = await makeProfile(brooksId, 'teacher');
    const [mat2] = await tx
      .insert(schoolClasses)
      .values({
        schoolId: school!.id,
        courseId: courseIds[0]!.id,
        title: '9MAT2',
        classType: 'N',
        features: 'EXTENDED_TEXTBOOK',
        calendarYear: year,
        expirationDate: `${year}-12-31`,
        activationCode: `demo-9mat2-${year}`,
      })
      .returning({ id: schoolClasses.id });
    await tx.insert(classTeachers).values({ schoolId: school!.id, classId: mat2!.id, profileId: brooksProfile });
    const mat2Roster: DemoStudent[] = [];
    for (const [first, last] of mat2Students) {
      const email = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@students.banksia.test';
      const userId = await makeUser(email, first, last);
      await tx.insert(userRoles).values({ userId, role: 'student' });
      const profileId = await makeProfile(userId, 'student');
      rows.push(enrol(mat2!.id, profileId, AccessStatus.UPLOADED));
      mat2Roster.push({ profileId, email });
    }
    await tx.insert(enrolments).values(rows);
    // 9MAT1's fee for the year (its feature set, EXTENDED_TEXTBOOK), so the demo student has something to pay at
    // /payment/. Charges follow from it on first look (payments' syncCharges); staff change it in the product editor.
    await tx.insert(classProducts).values({
      schoolId: school!.id,
      calendarYear: year,
      feature: 'EXTENDED_TEXTBOOK',
      priceCents: 45_000,
      currency: 'AUD',
      updatedAt: now,
    });
    // The 9MAT1 student locked for an unpaid fee is on the payment lock list's terms: paying reopens her class.
    const { rows: lockedRows } = await tx.execute<{ id: number }>(
      sql`select id from enrolments where class_id = ${maths} and access_status = ${AccessStatus.LOCKED}`,
    );
    if (lockedRows.length > 0) {
      await tx.insert(paymentLocks).values(
        lockedRows.map((r) => ({
          enrolmentId: r.id,
          schoolId: school!.id,
          previousStatus: AccessStatus.UPLOADED,
          lockedAt: now,
        })),
      );
    }
    await extras.fees?.(tx, { schoolId: school!.id, calendarYear: year, now });
    const wattle = await seedSecondSchool(tx, {
      passwordHash,
      scienceCourseId: courseIds[1]!.id,
      year,
      timeZone,
      makeUser,
    });
    await seedDemoActivity(tx, {
      schoolId: school!.id,
      teacherUserId: teacherId,
      classes: [
        { classId: maths, courseId: courseIds[0]!.id, students: mathsStudents },
        { classId: science, courseId: courseIds[1]!.id, students: scienceStudents },
        { classId: mat2!.id, courseId: courseIds[0]!.id, students: mat2Roster, teacherUserId: brooksId },
      ],
      keepUnsat: { examTitles: JOURNEY_EXAMS, emails: JOURNEY_STUDENTS },
      now,
    });
    await seedDemoActivity(tx, {
      schoolId: wattle.schoolId,
      teacherUserId: wattle.teacherUserId,
      classes: [{ classId: wattle.classId, courseId: courseIds[1]!.id, students: wattle.students }],
      keepUnsat: { examTitles: [], emails: new Set() },
      now,
    });
    await extras.reviews?.(tx, {
      schoolId: school!.id,
      classes: [
        { classId: maths, students: mathsStudents },
        { classId: science, students: scienceStudents },
        { classId: mat2!.id, students: mat2Roster },
      ],
      keepDue: REVIEW_KEPT_DUE,
      now,
    });
    await extras.rollup?.(tx);
    return { created: true };
  });
}

/**
 * Wattle Creek College: its own admin-teacher, a science class and five students (plus the demo's second student
 * account), none of whom belong to the first school, so cross-school isolation can be tried by hand.
 */
async function seedSecondSchool(
  tx: Executor,
  o: {
    passwordHash: string;
    scienceCourseId: number;
    year: number;
    timeZone: string;
    makeUser: (email: string, firstName: string, lastName: string) => Promise<number>;
  },
) {
  const [school] = await tx
    .insert(schools)
    // Its demo accounts use test addresses, not the school's own domain: the email-domain report lists them.
    .values({
      name: 'Wattle Creek College',
      slug: SECOND_SCHOOL_SLUG,
      emailDomains: ['wattlecreek.vic.edu.au'],
      timeZone: o.timeZone,
    })
    .returning({ id: schools.id });
  const schoolId = school!.id;
  const profile = async (userId: number, kind: 'student' | 'teacher') => {
    const [p] = await tx.insert(profiles).values({ userId, schoolId, kind }).returning({ id: profiles.id });
    return p!.id;
  };
  const teacherUserId = await o.makeUser('teacher@wattle.test', 'Mei', 'Lin');
  await tx.insert(userRoles).values([
    { userId: teacherUserId, role: 'teacher' },
    { userId: teacherUserId, role: 'school_admin' },
  ]);
  const teacherProfile = await profile(teacherUserId, 'teacher');
  const [klass] = await tx
    .insert(schoolClasses)
    .values({
      schoolId,
      courseId: o.scienceCourseId,
      title: '10SCI-W',
      classType: 'N',
      features: 'EXTENDED',
      calendarYear: o.year,
      expirationDate: `${o.year}-12-31`,
      activationCode: `wattle-10sci-${o.year}`,
    })
    .returning({ id: schoolClasses.id });
  const classId = klass!.id;
  await tx.insert(classTeachers).values({ schoolId, classId, profileId: teacherProfile });
  const students: DemoStudent[] = [];
  for (const [email, first, last] of [
    ['student@wattle.test', 'Tom', 'Harris'] as const,
    ...wattleStudents.map(
      ([first, last]) =>
        [`${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@students.wattle.test', first, last] as const,
    ),
  ]) {
    const userId = await o.makeUser(email, first, last);
    await tx.insert(userRoles).values({ userId, role: 'student' });
    const profileId = await profile(userId, 'student');
    await tx.insert(enrolments).values({ schoolId, classId, profileId, accessStatus: AccessStatus.UPLOADED });
    // The demo's second student keeps a clean slate, like the first.
    if (email !== 'student@wattle.test') students.push({ profileId, email });
  }
  return { schoolId, classId, teacherUserId, students };
}
