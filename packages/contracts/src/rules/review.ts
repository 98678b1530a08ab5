import type { MarkStatus } from '../exams';

// Spaced retrieval (issue 6): how a checked answer rates a review card, and what "today" means for the daily set.
// The scheduling itself is ts-fsrs's (server); these rules stay free of it so the web app may use them.

/** How many due questions make one daily review set. */
export const REVIEW_SET_SIZE = 10;

/** Self-ratings of a lesson (1–5) at or below this bring the lesson's question set back for review. */
export const LOW_SELF_RATING_MAX = 2;

/** FSRS ratings, numbered as ts-fsrs numbers them (Rating.Again = 1 … Rating.Easy = 4). */
export const ReviewRating = { again: 1, hard: 2, good: 3, easy: 4 } as const;
export type ReviewRating = (typeof ReviewRating)[keyof typeof ReviewRating];

/**
 * The FSRS rating a checked answer earns: right is Good, partly right (some of a many-choice question) is Hard, wrong
 * is Again. A student cannot rate Easy: the question came back because it was hard for them. Null for marks that
 * rate nothing (an empty answer, or one a teacher must mark).
 */
export function ratingForMark(status: MarkStatus): ReviewRating | null {
  switch (status) {
    case 'correct':
      return ReviewRating.good;
    case 'partially_correct':
      return ReviewRating.hard;
    case 'incorrect':
      return ReviewRating.again;
    case 'unanswered':
    case 'needs_marking':
      return null;
  }
}

/** Whether a rating counts as a miss for the class's "topics to revisit": only Again does. */
export const isMiss = (rating: number): boolean => rating === ReviewRating.again;

/** Whether `timeZone` is an IANA time zone the runtime knows, e.g. "Australia/Perth". */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const MS_PER_DAY = 86_400_000;

/** The calendar date (y, m, d) of an instant in a time zone. */
function localDate(at: Date, timeZone: string): { y: number; m: number; d: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: part('year'), m: part('month'), d: part('day') };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffset(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of local midnight starting a calendar date in a time zone (correct across daylight saving). */
function midnight(date: { y: number; m: number; d: number }, timeZone: string): Date {
  const wall = Date.UTC(date.y, date.m - 1, date.d);
  let guess = wall - zoneOffset(new Date(wall), timeZone);
  // A second pass settles days when the offset changed between the guess and midnight.
  guess = wall - zoneOffset(new Date(guess), timeZone);
  return new Date(guess);
}

/**
 * The instant a wall-clock time happens in a time zone: `date` YYYY-MM-DD, `time` HH:mm (a task due at 15:00 on a
 * day at the school). A time skipped by daylight saving moves forward with the clocks.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall - zoneOffset(new Date(wall), timeZone);
  guess = wall - zoneOffset(new Date(guess), timeZone);
  return new Date(guess);
}

/** The wall clock of an instant in a time zone: date YYYY-MM-DD and time HH:mm (24-hour). */
export function zonedWallClock(at: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** The start of the local day holding `now`, as an instant. */
export function startOfDay(now: Date, timeZone: string): Date {
  return midnight(localDate(now, timeZone), timeZone);
}

/** The end of the local day holding `now` (the next local midnight), as an instant: cards due before it are due today. */
export function endOfDay(now: Date, timeZone: string): Date {
  const { y, m, d } = localDate(now, timeZone);
  const next = new Date(Date.UTC(y, m - 1, d) + MS_PER_DAY);
  return midnight({ y: next.getUTCFullYear(), m: next.getUTCMonth() + 1, d: next.getUTCDate() }, timeZone);
}

/** Whole calendar days from the day of `from` to the day of `to` in a time zone ("comes back in N days"). */
export function calendarDaysBetween(from: Date, to: Date, timeZone: string): number {
  const a = localDate(from, timeZone);
  const b = localDate(to, timeZone);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / MS_PER_DAY);
}

/** "Comes back tomorrow", "Comes back in 6 days". */
export function comesBackLabel(days: number): string {
  if (days <= 0) return 'Comes back later today';
  if (days === 1) return 'Comes back tomorrow';
  return `Comes back in ${days} days`;
}

/** A class's miss rate on a topic: the share of reviews rated Again, or null before any review. */
export function missRate(missed: number, reviews: number): number | null {
  return reviews > 0 ? missed / reviews : null;
}
