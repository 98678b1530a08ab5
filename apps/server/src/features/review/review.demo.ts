import { and, asc, eq } from 'drizzle-orm';
import { reviewCards, reviewLogs } from '../../db/schema/index';
import { generator } from '../../db/seed/demo-activity';
import type { Executor } from '../../platform/db';
import * as repo from './review.repository';
import { cardUpdate, newCardState, nextReview } from './review.scheduler';

const DAY = 86_400_000;

export interface DemoReviewOptions {
  schoolId: number;
  classes: { classId: number; students: { profileId: number; email: string }[] }[];
  /** Students whose cards stay untouched and due today (the demo student, and those the browser journeys use). */
  keepDue: ReadonlySet<string>;
  now: Date;
}

/**
 * Three weeks of daily review in the demo classes, so a teacher's "Topics to revisit" shows which topics the class
 * keeps missing: the cards the seeded sittings and ratings owe are made three weeks ago, then each student answers
 * each card on the day it falls due, through the same FSRS scheduler as the app. Some questions are harder than
 * others and some students stronger, so misses cluster. Cards of `keepDue` students stay new and due today.
 */
export async function seedDemoReviews(tx: Executor, o: DemoReviewOptions): Promise<void> {
  const random = generator(31_337);
  const start = new Date(o.now.getTime() - 21 * DAY);
  for (const klass of o.classes) {
    const scope = { classId: klass.classId, schoolId: o.schoolId };
    await repo.syncWrongAnswers(tx, scope, newCardState(start), start);
    await repo.syncLowRatings(tx, scope, newCardState(start), start);
    const skip = new Set(klass.students.filter((s) => o.keepDue.has(s.email)).map((s) => s.profileId));
    const cards = await tx
      .select()
      .from(reviewCards)
      .where(eq(reviewCards.classId, klass.classId))
      .orderBy(asc(reviewCards.profileId), asc(reviewCards.questionId));
    const strength = new Map<number, number>();
    const hardness = new Map<number, number>();
    const logs: (typeof reviewLogs.$inferInsert)[] = [];
    for (const card of cards) {
      if (skip.has(card.profileId)) continue;
      if (!strength.has(card.profileId)) strength.set(card.profileId, random());
      if (!hardness.has(card.questionId)) hardness.set(card.questionId, random());
      const missChance = 0.1 + 0.5 * hardness.get(card.questionId)! - 0.2 * strength.get(card.profileId)!;
      let row = card;
      // Answered during the school day it falls due (a few hours in), until the card is next due after today.
      let at = new Date(new Date(card.due).getTime() + (1 + random() * 8) * 3_600_000);
      let last: ReturnType<typeof cardUpdate> | null = null;
      while (at.getTime() < o.now.getTime() - DAY / 2) {
        const roll = random();
        const rating = roll < missChance ? 1 : roll < missChance + 0.15 ? 2 : 3;
        const next = nextReview(row, at, rating);
        logs.push({
          schoolId: card.schoolId,
          classId: card.classId,
          profileId: card.profileId,
          questionId: card.questionId,
          rating,
          correct: rating === 3,
          scheduledDays: next.scheduled_days,
          stability: next.stability,
          reviewedAt: at,
        });
        last = cardUpdate(next, at);
        row = { ...row, ...last };
        at = new Date(next.due.getTime() + (1 + random() * 8) * 3_600_000);
      }
      if (last) {
        await tx
          .update(reviewCards)
          .set(last)
          .where(
            and(
              eq(reviewCards.classId, card.classId),
              eq(reviewCards.profileId, card.profileId),
              eq(reviewCards.questionId, card.questionId),
            ),
          );
      }
    }
    for (let i = 0; i < logs.length; i += 500) await tx.insert(reviewLogs).values(logs.slice(i, i + 500));
  }
}
