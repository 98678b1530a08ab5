import { authorize } from '../../platform/authorize';
import type {
  ClassCourseProgress,
  SelfAssessmentBody,
  UserCourseProgress,
  watchProgressBody,
  watchProgressResponse,
} from '@banksia/contracts/courses';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { loadClassAccess } from '../classes/index';
import { lockedExamIds, studentExamProgress } from './exam-progress';
import { StudentNamer } from '../../platform/student-names';
import { presentClassCourseProgress, presentClassmates, presentUserCourseProgress } from './progress.presenter';
import * as repo from './progress.repository';
import { refreshRollup } from './progress-rollup';

/**
 * A watch report may credit at most the time since the previous report plus this much: players report on a
 * timer, and a report can arrive a little early or late.
 */
export const WATCH_SLACK_SECONDS = 5;
/** Share of a video's duration that must be played for it to count as watched. */
export const WATCHED_SHARE = 0.9;
/** Students often watch at up to double speed: a report may claim up to this many seconds of video per second. */
export const MAX_PLAYBACK_RATE = 2;

/** A student's own course progress in a class; the class's teachers, its school's admins and staff see anyone's. */
export async function userCourseProgress(
  deps: AppDeps,
  actor: Actor,
  classId: number,
  userId: number,
): Promise<UserCourseProgress> {
  const access = await loadClassAccess(deps, actor, classId);
  const own = access.studentProfileId !== null && actor.userId === userId;
  if (!own) authorize(actor, 'class.teach', access);
  const { klass } = access;
  const profileId = own
    ? access.studentProfileId!
    : await repo.rosterProfileOfUser(deps.db, klass.id, klass.school_id, userId);
  if (profileId === null) throw new AppError('not_found', 'No such student in this class.');
  const [rows, locked, exams] = await Promise.all([
    repo.studentLessonProgress(deps.db, {
      classId: klass.id,
      schoolId: klass.school_id,
      courseId: klass.course_id,
      profileId,
    }),
    lockedExamIds(deps, klass.id),
    studentExamProgress(deps, { classId: klass.id, schoolId: klass.school_id, profileId }),
  ]);
  return presentUserCourseProgress(userId, klass.id, rows, locked, exams);
}

/** The whole class's progress through its course: for the class's teachers, its school's admins and staff. */
export async function classCourseProgress(deps: AppDeps, actor: Actor, classId: number): Promise<ClassCourseProgress> {
  const { klass } = authorize(actor, 'class.teach', await loadClassAccess(deps, actor, classId));
  const q = { classId: klass.id, schoolId: klass.school_id, courseId: klass.course_id };
  const [studentCount, lessons, examIds, locked] = await Promise.all([
    repo.rosterSize(deps.db, klass.id, klass.school_id),
    repo.classLessonAggregates(deps.db, q),
    repo.publishedExamIds(deps.db, klass.course_id),
    lockedExamIds(deps, klass.id),
  ]);
  return presentClassCourseProgress(klass.id, studentCount, lessons, examIds, locked);
}

/** The students on a class's roster, for anyone in the class. */
export async function listClassmates(deps: AppDeps, actor: Actor, classId: number, anonymise = false) {
  const { klass } = authorize(actor, 'class.view', await loadClassAccess(deps, actor, classId));
  const rows = await repo.classmates(deps.db, klass.id, klass.school_id);
  const namer = StudentNamer.create(
    anonymise,
    rows.map((r) => r.profile_id),
    deps.clock.now(),
  );
  return presentClassmates(rows, namer);
}

/**
 * Finds the chunk a member of the class is tracking. Only students on the roster have progress: a teacher or
 * staff member previewing the course gets `profileId: null` and nothing is stored, so their viewing never
 * shows up in (or skews) the class's figures. Students may only track chunks of lessons they can open.
 */
async function trackedChunk(deps: AppDeps, actor: Actor, classId: number, chunkId: number) {
  const access = authorize(actor, 'class.view', await loadClassAccess(deps, actor, classId));
  const chunk = await repo.chunkInCourse(deps.db, chunkId, access.klass.course_id);
  if (!chunk) throw new AppError('not_found', 'No such chunk in this course.');
  if (access.studentProfileId === null) return { access, chunk, profileId: null };
  if (!chunk.is_published || chunk.is_coming_soon) throw new AppError('not_found', 'No such chunk in this course.');
  return { access, chunk, profileId: access.studentProfileId };
}

/** Records that a student opened a chunk. */
export async function recordVisit(deps: AppDeps, actor: Actor, classId: number, chunkId: number): Promise<void> {
  const { access, chunk, profileId } = await trackedChunk(deps, actor, classId, chunkId);
  if (profileId === null) return;
  await deps.db.transaction(async (tx) => {
    await repo.recordVisit(tx, {
      schoolId: access.klass.school_id,
      classId: access.klass.id,
      profileId,
      chunkId,
      now: deps.clock.now(),
    });
    // Only a first visit changes the lesson's cell, but recomputing it is cheap and needs no branch to go wrong.
    await refreshRollup(tx, { classId: access.klass.id, profileId, lessonId: chunk.lesson_id });
  });
}

/**
 * Adds a player's report of seconds played. The server does not take the client's word for it: each report is
 * credited at most the time elapsed since the previous one (or since the chunk was opened) plus
 * WATCH_SLACK_SECONDS, and the total never exceeds the video's duration, so a client cannot claim more than it
 * could have watched. Playback faster than 1x is therefore credited at real time.
 */
export async function recordWatch(
  deps: AppDeps,
  actor: Actor,
  classId: number,
  chunkId: number,
  body: z.infer<typeof watchProgressBody>,
): Promise<z.infer<typeof watchProgressResponse>> {
  const { access, chunk, profileId } = await trackedChunk(deps, actor, classId, chunkId);
  if (profileId === null) return { chunk_id: chunkId, seconds_watched: 0, watched: false };
  const row = await repo.recordWatch(deps.db, {
    schoolId: access.klass.school_id,
    classId: access.klass.id,
    profileId,
    chunkId,
    now: deps.clock.now(),
    seconds: body.seconds,
    position: body.position,
    duration: chunk.duration,
    slackSeconds: WATCH_SLACK_SECONDS,
    maxPlaybackRate: MAX_PLAYBACK_RATE,
    watchedShare: WATCHED_SHARE,
  });
  return { chunk_id: chunkId, seconds_watched: row.seconds_watched, watched: row.watched };
}

/**
 * ajax:self-assessment: a student rates a lesson of a course they study (null clears the rating). The rating
 * belongs to the student profile of that enrolment; a student enrolled through two profiles (two schools) in
 * classes of the course gets it on both, so every class shows the same rating.
 */
export async function setSelfAssessment(
  deps: AppDeps,
  actor: Actor,
  body: SelfAssessmentBody,
): Promise<SelfAssessmentBody> {
  const lesson = await repo.findLesson(deps.db, body.branch_id);
  if (!lesson || !lesson.is_published) throw new AppError('not_found', 'No such lesson.');
  const profiles = await repo.rosterProfilesForCourse(deps.db, actor.userId, lesson.course_id);
  if (!profiles.length) throw new AppError('forbidden', 'Only students of a class taking this course can rate it.');
  if (body.rating === null) await repo.clearSelfRating(deps.db, profiles, lesson.id);
  else await repo.setSelfRating(deps.db, profiles, lesson.id, body.rating, deps.clock.now());
  return { branch_id: lesson.id, rating: body.rating };
}
