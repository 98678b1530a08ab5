import { ReviewRating } from '@banksia/contracts/rules/review';
import { createEmptyCard, fsrs, type Card, type Grade, type Rating } from 'ts-fsrs';
import type { CardRow, NewCardState } from './review.repository';

// The FSRS scheduler (ADR 031) and the conversions between its cards and our rows; pure, so the review service and
// the demo seed (which replays a few weeks of reviews) schedule alike.

/**
 * The scheduler. Days, not minutes: a school's review is a daily set, so short-term (re)learning steps are off and
 * every review puts the card at least a day ahead; fuzz spreads cards made together (a whole exam's mistakes) over
 * neighbouring days.
 */
const scheduler = fsrs({ enable_short_term: false, enable_fuzz: true });

// contracts numbers ratings as ts-fsrs does; this fails to compile if that ever changes.
const ratingCheck: [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] = [
  ReviewRating.again,
  ReviewRating.hard,
  ReviewRating.good,
  ReviewRating.easy,
];
void ratingCheck;

/** A new card's state, due at once. */
export function newCardState(now: Date): NewCardState {
  const card = createEmptyCard(now);
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
  };
}

type CardState = Pick<
  CardRow,
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'lastReview'
>;

function cardOf(row: CardState): Card {
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    ...(row.lastReview ? { last_review: new Date(row.lastReview) } : {}),
  };
}

/** The card after a review at `now` rated `rating` (1 Again … 4 Easy). */
export function nextReview(row: CardState, now: Date, rating: number): Card {
  return scheduler.next(cardOf(row), now, rating as Grade).card;
}

/** The columns of a card row after a review (`nextReview`) made at `now`. */
export function cardUpdate(next: Card, now: Date) {
  return {
    due: next.due,
    stability: next.stability,
    difficulty: next.difficulty,
    elapsedDays: next.elapsed_days,
    scheduledDays: next.scheduled_days,
    learningSteps: next.learning_steps,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    lastReview: next.last_review ?? now,
  };
}
