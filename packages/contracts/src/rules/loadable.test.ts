import { describe, expect, it } from 'vitest';
import {
  UNKNOWN_FAILURE_REASON,
  fromQuery,
  initialLoadable,
  loadableReducer,
  type Loadable,
  type LoadableEvent,
  type QuerySnapshot,
} from './loadable';

type Data = { lessons: number[] };
const old: Data = { lessons: [1, 2] };
const fresh: Data = { lessons: [3] };

const uninitialized: Loadable<Data> = { status: 'uninitialized', data: null, failureReason: null };
const loading: Loadable<Data> = { status: 'loading', data: null, failureReason: null };
const reloading: Loadable<Data> = { status: 'reloading', data: old, failureReason: null };
const ready: Loadable<Data> = { status: 'ready', data: old, failureReason: null };
const failed: Loadable<Data> = { status: 'failure', data: null, failureReason: 'NETWORK_ERROR' };

const signal: LoadableEvent<Data> = { type: 'signal' };
const request: LoadableEvent<Data> = { type: 'request' };
const success: LoadableEvent<Data> = { type: 'success', data: fresh };
const failure: LoadableEvent<Data> = { type: 'failure', failureReason: 'NOT_FOUND_ERROR' };

describe('initialLoadable', () => {
  it('starts uninitialized with empty data', () => {
    expect(initialLoadable<Data>()).toEqual(uninitialized);
  });
});

describe('loadableReducer', () => {
  it.each([
    // First request: loading with empty data.
    ['uninitialized', uninitialized, request, loading],
    ['loading', loading, request, loading],
    // Repeat request: reloading, keeping data.
    ['ready', ready, request, reloading],
    ['reloading', reloading, request, reloading],
    // A retry after a failure has no data to keep.
    ['failure', failed, request, loading],
    // Success: ready with data.
    ['loading', loading, success, { status: 'ready', data: fresh, failureReason: null }],
    ['reloading', reloading, success, { status: 'ready', data: fresh, failureReason: null }],
    ['uninitialized', uninitialized, success, { status: 'ready', data: fresh, failureReason: null }],
    ['failure', failed, success, { status: 'ready', data: fresh, failureReason: null }],
    // Failure: the reason, and empty data even when there was data before.
    ['loading', loading, failure, { status: 'failure', data: null, failureReason: 'NOT_FOUND_ERROR' }],
    ['reloading', reloading, failure, { status: 'failure', data: null, failureReason: 'NOT_FOUND_ERROR' }],
    ['ready', ready, failure, { status: 'failure', data: null, failureReason: 'NOT_FOUND_ERROR' }],
    ['failure', failed, failure, { status: 'failure', data: null, failureReason: 'NOT_FOUND_ERROR' }],
  ] as const)('%s + %o → %o', (_name, state, event, expected) => {
    expect(loadableReducer<Data>(state, event)).toEqual(expected);
  });

  it.each([
    ['uninitialized', uninitialized],
    ['loading', loading],
    ['reloading', reloading],
    ['ready', ready],
    ['failure', failed],
  ])('signal leaves %s unchanged', (_name, state) => {
    expect(loadableReducer(state, signal)).toBe(state);
  });

  it('runs a full first load, reload and failed reload', () => {
    const events: LoadableEvent<Data>[] = [signal, request, { type: 'success', data: old }, signal, request];
    const afterReload = events.reduce(loadableReducer<Data>, initialLoadable<Data>());
    expect(afterReload).toEqual(reloading);
    expect(loadableReducer(afterReload, failure)).toEqual({
      status: 'failure',
      data: null,
      failureReason: 'NOT_FOUND_ERROR',
    });
  });

  it('does not mutate the previous state', () => {
    const before = { ...ready };
    loadableReducer(ready, failure);
    expect(ready).toEqual(before);
  });
});

describe('fromQuery', () => {
  const snapshot = (overrides: Partial<QuerySnapshot<Data>>): QuerySnapshot<Data> => ({
    isPending: false,
    isFetching: false,
    isError: false,
    data: undefined,
    failureReason: null,
    ...overrides,
  });

  it.each([
    ['idle, no data', snapshot({ isPending: true }), uninitialized],
    ['pending and fetching, no data', snapshot({ isPending: true, isFetching: true }), loading],
    ['fetching with data', snapshot({ isFetching: true, data: old }), reloading],
    ['data, not fetching', snapshot({ data: old }), ready],
    ['data that is null', snapshot({ data: null as unknown as Data }), { ...ready, data: null }],
    [
      'error with a string reason',
      snapshot({ isError: true, failureReason: 'UNAUTHORIZED_ERROR' }),
      { status: 'failure', data: null, failureReason: 'UNAUTHORIZED_ERROR' },
    ],
    [
      'error keeps no cached data',
      snapshot({ isError: true, data: old, failureReason: 'NETWORK_ERROR' }),
      { status: 'failure', data: null, failureReason: 'NETWORK_ERROR' },
    ],
    [
      'error from an Error',
      snapshot({ isError: true, failureReason: new Error('GATEWAY_TIMEOUT') }),
      { status: 'failure', data: null, failureReason: 'GATEWAY_TIMEOUT' },
    ],
    [
      'error without a reason',
      snapshot({ isError: true, failureReason: null }),
      { status: 'failure', data: null, failureReason: UNKNOWN_FAILURE_REASON },
    ],
    [
      'error with an unusable reason',
      snapshot({ isError: true, failureReason: { code: 500 } }),
      { status: 'failure', data: null, failureReason: UNKNOWN_FAILURE_REASON },
    ],
    ['retrying after an error, no data', snapshot({ isError: true, isFetching: true }), loading],
    ['retrying after an error, with data', snapshot({ isError: true, isFetching: true, data: old }), loading],
    ['pending with data (inconsistent)', snapshot({ isPending: true, data: old }), uninitialized],
  ] as const)('%s → %o', (_case, query, expected) => {
    expect(fromQuery<Data>(query)).toEqual(expected);
  });
});
