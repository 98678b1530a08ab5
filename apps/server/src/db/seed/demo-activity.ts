import type { ExamAnswer, ExamQuestion, MarkStatus } from '@banksia/contracts/exams';
import { markObjective } from '@banksia/contracts/rules/answer-marking';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import {
  activities,
  chunks,
  chunkVisits,
  chunkWatches,
  examAnswers,
  examQuestions,
  exams,
  examSittings,
  lessonNotes,
  lessons,
  lessonSelfRatings,
  taskItems,
  tasks,
  videos,
} from '../schema/index';

// A term's worth of made-up class activity, so every progress grid, chart and insight of the demo school shows real
// patterns: stronger students open more lessons, rate them higher, take notes and score better; later lessons are
// opened less; some questions are harder than others, and wrong answers cluster on the same mistakes. Everything is
// drawn from a seeded generator, so each fresh demo school looks the same.

/** A student of a demo class, with what the seed needs to know about them. */
export interface DemoStudent {
  profileId: number;
  email: string;
}

export interface DemoClassActivity {
  classId: number;
  courseId: number;
  students: DemoStudent[];
  /** Who marks and sets tasks in this class; the options' teacher by default. */
  teacherUserId?: number;
}

export interface DemoActivityOptions {
  schoolId: number;
  teacherUserId: number;
  classes: DemoClassActivity[];
  /** Exams (by title) that the browser journeys sit as these students: they must find them not yet sat. */
  keepUnsat: { examTitles: readonly string[]; emails: ReadonlySet<string> };
  now: Date;
}

const DAY = 86_400_000;

/** mulberry32: a small seeded generator, good enough for made-up data. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** A wrong answer of the kind students really give, so "most common wrong answers" has something to show. */
function wrongAnswer(question: ExamQuestion, pick: number): ExamAnswer | null {
  switch (question.type) {
    case 'multiple_choice': {
      const wrong = question.options.filter((o) => !question.correct_option_ids.includes(o.id));
      if (wrong.length === 0) return null;
      // Most wrong answers pick the same tempting option.
      const option = pick < 0.7 ? wrong[0]! : wrong[Math.floor(pick * wrong.length) % wrong.length]!;
      return { option_ids: [option.id] };
    }
    case 'short_text': {
      const right = question.accepted_answers[0]!;
      // A fraction upside down is the classic slip; otherwise a near miss.
      const flipped = right.includes('/') ? right.split('/').reverse().join('/') : `${right}s`;
      return { text: pick < 0.65 ? flipped : 'not sure' };
    }
    case 'numeric': {
      const value = Number((pick < 0.6 ? question.answer * 10 : question.answer + 1).toPrecision(6));
      return { value: question.unit ? `${value} ${question.unit}` : String(value) };
    }
    case 'maths_expression': {
      const right = question.accepted_answers[0]!;
      return { latex: pick < 0.6 ? `${right}+1` : `2${right}` };
    }
    default:
      return null;
  }
}

function rightAnswer(question: ExamQuestion): ExamAnswer | null {
  switch (question.type) {
    case 'multiple_choice':
      return { option_ids: question.multiple ? question.correct_option_ids : [question.correct_option_ids[0]!] };
    case 'short_text':
      return { text: question.accepted_answers[0]! };
    case 'numeric':
      return { value: question.unit ? `${question.answer} ${question.unit}` : String(question.answer) };
    case 'maths_expression':
      return { latex: question.accepted_answers[0]! };
    default:
      return null;
  }
}

const essays = [
  '<p>I found a common denominator and compared the numerators.</p>',
  '<p>I changed both to decimals and the bigger decimal is the bigger fraction.</p>',
  '<p>The first one is bigger because its numerator is bigger.</p>',
  '<p>I drew both as bars and shaded them to compare.</p>',
];
const revisits = ['Equivalent fractions', 'Converting to decimals', 'Comparing fractions', '', 'Word problems', ''];
const notes = [
  '<p>Multiply top and bottom by the same number.</p>',
  '<p>Remember: a fraction is a division.</p>',
  '<p>Check the units before answering.</p>',
  '<p>Ask about question 3 next lesson.</p>',
];

/** Seeds the demo classes' activity: visits, watching, ratings, notes, sittings with answers, and one task. */
export async function seedDemoActivity(tx: Executor, o: DemoActivityOptions): Promise<void> {
  const random = generator(20_26);
  const now = o.now.getTime();
  for (const klass of o.classes) {
    const lessonRows = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.courseId, klass.courseId), eq(lessons.isPublished, true), eq(lessons.isComingSoon, false)))
      .orderBy(asc(lessons.id));
    const lessonIds = lessonRows.map((l) => l.id);
    const chunkRows = lessonIds.length
      ? await tx
          .select({ id: chunks.id, lessonId: chunks.lessonId, duration: videos.duration })
          .from(chunks)
          .innerJoin(videos, eq(videos.id, chunks.videoId))
          .where(inArray(chunks.lessonId, lessonIds))
          .orderBy(asc(chunks.lessonId), asc(chunks.index))
      : [];
    const examRows = await tx
      .select({ id: exams.id, title: exams.title, kind: exams.kind })
      .from(exams)
      .where(and(eq(exams.courseId, klass.courseId), eq(exams.isPublished, true), eq(exams.isSubmittable, true)))
      .orderBy(asc(exams.id));
    const questionRows = examRows.length
      ? await tx
          .select()
          .from(examQuestions)
          .where(
            inArray(
              examQuestions.examId,
              examRows.map((e) => e.id),
            ),
          )
          .orderBy(asc(examQuestions.examId), asc(examQuestions.position), asc(examQuestions.id))
      : [];
    // Each question is a little easier or harder than the rest.
    const difficulty = new Map(questionRows.map((q) => [q.id, (random() - 0.5) * 0.5]));

    const visits: (typeof chunkVisits.$inferInsert)[] = [];
    const watches: (typeof chunkWatches.$inferInsert)[] = [];
    const ratings: (typeof lessonSelfRatings.$inferInsert)[] = [];
    const noteRows: (typeof lessonNotes.$inferInsert)[] = [];

    for (const student of klass.students) {
      const ability = 0.35 + random() * 0.6;
      const who = { schoolId: o.schoolId, classId: klass.classId, profileId: student.profileId };
      for (const [position, lessonId] of lessonIds.entries()) {
        const reach = ability - position * 0.05 + (random() - 0.5) * 0.2;
        const lessonChunks = chunkRows.filter((c) => c.lessonId === lessonId);
        let opened = 0;
        for (const chunk of lessonChunks) {
          if (random() > reach) continue;
          opened += 1;
          const at = new Date(now - (lessonIds.length - position) * 3 * DAY + random() * DAY);
          visits.push({
            ...who,
            chunkId: chunk.id,
            visitCount: 1 + Math.floor(random() * 3 * ability),
            firstVisitedAt: at,
            lastVisitedAt: new Date(at.getTime() + random() * 2 * DAY),
          });
          const share = clamp(ability + (random() - 0.3) * 0.5, 0.05, 1);
          const duration = chunk.duration || 180;
          watches.push({
            ...who,
            chunkId: chunk.id,
            secondsWatched: Math.round(duration * share),
            maxPosition: Math.round(duration * share),
            watched: share >= 0.9,
            updatedAt: at,
          });
        }
        if (opened > 0 && opened >= lessonChunks.length / 2) {
          if (random() < 0.8) {
            const rating = clamp(Math.round(1 + ability * 4 + (random() - 0.5) * 1.5), 1, 5);
            ratings.push({ schoolId: o.schoolId, profileId: student.profileId, lessonId, rating, updatedAt: o.now });
          }
          if (random() < ability * 0.4) {
            noteRows.push({
              ...who,
              lessonId,
              html: notes[Math.floor(random() * notes.length)]!,
              updatedAt: o.now,
            });
          }
        }
      }

      for (const [position, exam] of examRows.entries()) {
        if (o.keepUnsat.emails.has(student.email) && o.keepUnsat.examTitles.includes(exam.title)) continue;
        const attempt = random();
        if (attempt > 0.35 + ability * 0.55) continue; // not sat yet
        const startedAt = new Date(now - (examRows.length - position) * 4 * DAY + random() * DAY);
        const open = attempt > 0.3 + ability * 0.55; // a few still in progress
        const [sitting] = await tx
          .insert(examSittings)
          .values({
            ...who,
            examId: exam.id,
            status: open ? 'open' : 'submitted',
            startedAt,
            submittedAt: open ? null : new Date(startedAt.getTime() + (10 + random() * 20) * 60_000),
          })
          .returning({ id: examSittings.id });
        const answers: (typeof examAnswers.$inferInsert)[] = [];
        for (const row of questionRows.filter((q) => q.examId === exam.id)) {
          const question = {
            ...row.definition,
            id: String(row.id),
            marks: Number(row.marks),
            prompt: row.prompt,
            worked_solution: row.workedSolution,
          } as ExamQuestion;
          let answer: ExamAnswer | null;
          let markStatus: MarkStatus | null = null;
          let marksAwarded: string | null = null;
          let markedBy: number | null = null;
          if (exam.kind === 'reflective_question_set') {
            answer = {
              confidence: clamp(Math.round(1 + ability * 4 + (random() - 0.5) * 2), 1, 5),
              revisit: revisits[Math.floor(random() * revisits.length)]!,
            };
          } else if (question.type === 'extended_response') {
            answer = { html: essays[Math.floor(random() * essays.length)]! };
            // The teacher has marked most essays; the rest wait.
            if (!open && random() < 0.75) {
              const awarded = clamp(Math.round(question.marks * (ability + (random() - 0.5) * 0.4)), 0, question.marks);
              marksAwarded = String(awarded);
              markStatus = awarded >= question.marks ? 'correct' : awarded > 0 ? 'partially_correct' : 'incorrect';
              markedBy = klass.teacherUserId ?? o.teacherUserId;
            } else if (!open) {
              markStatus = 'needs_marking';
            }
          } else if (question.type === 'activity') {
            answer = null;
          } else {
            const right = random() < ability - (difficulty.get(row.id) ?? 0);
            answer = right ? rightAnswer(question) : random() < 0.12 ? null : wrongAnswer(question, random());
          }
          if (
            !open &&
            exam.kind !== 'reflective_question_set' &&
            markStatus === null &&
            question.type !== 'extended_response'
          ) {
            const result = markObjective(question, answer);
            markStatus = result.status;
            marksAwarded = result.marks_awarded === null ? null : String(result.marks_awarded);
          }
          answers.push({
            schoolId: o.schoolId,
            sittingId: sitting!.id,
            questionId: row.id,
            answer,
            version: answer ? 1 : 0,
            markStatus,
            marksAwarded,
            markedBy,
            updatedAt: startedAt,
          });
        }
        if (answers.length) await tx.insert(examAnswers).values(answers);
      }
    }
    for (let i = 0; i < visits.length; i += 500) await tx.insert(chunkVisits).values(visits.slice(i, i + 500));
    for (let i = 0; i < watches.length; i += 500) await tx.insert(chunkWatches).values(watches.slice(i, i + 500));
    if (ratings.length) await tx.insert(lessonSelfRatings).values(ratings);
    if (noteRows.length) await tx.insert(lessonNotes).values(noteRows);

    // One task set a few days ago, due next week: the first lessons, a question set and an activity of the course.
    const [activity] = await tx
      .select({ id: activities.id })
      .from(activities)
      .where(eq(activities.courseId, klass.courseId))
      .orderBy(asc(activities.id))
      .limit(1);
    const questionSet = examRows.find((e) => e.kind === 'question_set');
    const [task] = await tx
      .insert(tasks)
      .values({
        schoolId: o.schoolId,
        classId: klass.classId,
        title: 'Revision before the topic test',
        instructions: '<p>Watch the lessons again, then try the questions. Ask me in class if you get stuck.</p>',
        dueAt: new Date(now + 7 * DAY),
        createdBy: klass.teacherUserId ?? o.teacherUserId,
        createdAt: new Date(now - 2 * DAY),
        updatedAt: new Date(now - 2 * DAY),
      })
      .returning({ id: tasks.id });
    const items: (typeof taskItems.$inferInsert)[] = lessonIds
      .slice(0, 2)
      .map((lessonId, position) => ({ schoolId: o.schoolId, taskId: task!.id, kind: 'lesson', lessonId, position }));
    if (questionSet) {
      items.push({ schoolId: o.schoolId, taskId: task!.id, kind: 'question_set', examId: questionSet.id, position: 2 });
    }
    if (activity) {
      items.push({ schoolId: o.schoolId, taskId: task!.id, kind: 'activity', activityId: activity.id, position: 3 });
    }
    await tx.insert(taskItems).values(items);
  }
}
