/** Statuses of per-class loadable data: assemblage, course progress, class progress, class detail (spec §4). */
export const loadableStatuses = ['uninitialized', 'loading', 'reloading', 'ready', 'failure'] as const;
export type LoadableStatus = (typeof loadableStatuses)[number];

/** One piece of per-class data with its load status; `data` is null until loaded and after a failure. */
export interface Loadable<T> {
  status: LoadableStatus;
  data: T | null;
  failureReason: string | null;
}

/**
 * The steps of one load (spec §4): `signal` says a load is wanted, `request` that it has started,
 * then `success` or `failure` ends it.
 */
export type LoadableEvent<T> =
  { type: 'signal' } | { type: 'request' } | { type: 'success'; data: T } | { type: 'failure'; failureReason: string };

/** The state before anything has been asked for. */
export function initialLoadable<T>(): Loadable<T> {
  return { status: 'uninitialized', data: null, failureReason: null };
}

/**
 * Moves loadable data through one load step (spec §4 "Per-class loadable data").
 * - signal: unchanged. It only marks the intent to load; the caller decides whether to send a request.
 * - request: `reloading` keeping the data when the data was already loaded (ready or reloading), so the page keeps
 *   showing it; otherwise `loading` with empty data (first load, or a retry after a failure, which emptied it).
 * - success: `ready` with the new data.
 * - failure: `failure` with the reason and empty data, so stale data is never shown as if current.
 */
export function loadableReducer<T>(state: Loadable<T>, event: LoadableEvent<T>): Loadable<T> {
  switch (event.type) {
    case 'signal':
      return state;
    case 'request':
      return state.status === 'ready' || state.status === 'reloading'
        ? { status: 'reloading', data: state.data, failureReason: null }
        : { status: 'loading', data: null, failureReason: null };
    case 'success':
      return { status: 'ready', data: event.data, failureReason: null };
    case 'failure':
      return { status: 'failure', data: null, failureReason: event.failureReason };
  }
}

/** The fields read from a TanStack-Query-like result; `data` is undefined until the first success. */
export interface QuerySnapshot<T> {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  data: T | undefined;
  failureReason: unknown;
}

/** The failure reason used when the query's error carries no usable text (spec §8 "other failures"). */
export const UNKNOWN_FAILURE_REASON = 'SYSTEM_ERROR';

/** A string reason as is, an Error's message, or SYSTEM_ERROR. */
function reasonText(failureReason: unknown): string {
  if (typeof failureReason === 'string' && failureReason !== '') return failureReason;
  if (failureReason instanceof Error && failureReason.message !== '') return failureReason.message;
  return UNKNOWN_FAILURE_REASON;
}

/**
 * Maps a query snapshot onto the same statuses as `loadableReducer`, so both read alike:
 * - fetching with data (and no error): `reloading`, keeping the data;
 * - fetching without data, or retrying after an error: `loading` with empty data;
 * - an error, not fetching: `failure` with empty data, even if the query still caches older data;
 * - data, not fetching: `ready`;
 * - nothing (a pending query that is not fetching, i.e. disabled or idle): `uninitialized`.
 */
export function fromQuery<T>(query: QuerySnapshot<T>): Loadable<T> {
  const { isPending, isFetching, isError, data, failureReason } = query;
  // TanStack never has data while pending; checking both guards against a snapshot that says otherwise.
  const hasData = !isPending && data !== undefined;
  if (isFetching) {
    return hasData && !isError
      ? { status: 'reloading', data, failureReason: null }
      : { status: 'loading', data: null, failureReason: null };
  }
  if (isError) return { status: 'failure', data: null, failureReason: reasonText(failureReason) };
  if (hasData) return { status: 'ready', data, failureReason: null };
  return initialLoadable();
}
