/**
 * Lesson self-ratings are whole numbers from 1 ("I don't get it yet") to 5 ("I could teach it").
 * The wording of 2–4 is not in the spec; the web app owns the labels.
 */
export const MIN_SELF_RATING = 1;
export const MAX_SELF_RATING = 5;
export type SelfRating = 1 | 2 | 3 | 4 | 5;

/** Whether a value is a self-rating the server accepts: an integer from 1 to 5. */
export function isValidRating(value: unknown): value is SelfRating {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_SELF_RATING && value <= MAX_SELF_RATING;
}

/** The student's ratings keyed by lesson id; null or absent means not rated. */
export interface SelfRatingState {
  ratings: Record<number, number | null>;
}

/**
 * The steps of saving a rating (spec §4 "Lesson self-rating"). The request carries the rating it replaces, and the
 * caller passes that back on failure so the reducer can restore it without remembering anything itself.
 */
export type SelfRatingEvent =
  | { type: 'signal'; lessonId: number }
  | { type: 'request'; lessonId: number; rating: number; currentRating: number | null }
  | { type: 'success'; lessonId: number; rating: number }
  | { type: 'failure'; lessonId: number; currentRating: number | null };

/** The rating shown for a lesson; use it as `currentRating` when sending a request. */
export function currentRating(state: SelfRatingState, lessonId: number): number | null {
  return state.ratings[lessonId] ?? null;
}

function withRating(state: SelfRatingState, lessonId: number, rating: number | null): SelfRatingState {
  return { ratings: { ...state.ratings, [lessonId]: rating } };
}

/**
 * Applies one self-rating step:
 * - signal: unchanged (it only marks the intent to rate);
 * - request: shows the new rating at once (optimistic); an invalid rating is ignored, as it would never be sent;
 * - success: records the rating the server confirmed;
 * - failure: puts back the rating carried by the failure. With two saves in flight for one lesson, the caller
 *   should pass the rating from before the first, so a late failure does not restore a rating that never saved.
 */
export function selfRatingReducer(state: SelfRatingState, event: SelfRatingEvent): SelfRatingState {
  switch (event.type) {
    case 'signal':
      return state;
    case 'request':
      return isValidRating(event.rating) ? withRating(state, event.lessonId, event.rating) : state;
    case 'success':
      return isValidRating(event.rating) ? withRating(state, event.lessonId, event.rating) : state;
    case 'failure':
      return withRating(state, event.lessonId, event.currentRating);
  }
}
