import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { createQueryClient } from './query-client';
import type * as SentryModule from './sentry';
import type * as ErrorReporting from '../lib/error-reporting';

const sentry = vi.hoisted(() => ({ loaded: vi.fn(), init: vi.fn(), captureException: vi.fn() }));

let startSentry: typeof SentryModule.startSentry;
let startSentryFromConfig: typeof SentryModule.startSentryFromConfig;
let reportError: typeof ErrorReporting.reportError;

beforeEach(async () => {
  // Fresh modules per test: Sentry starts only once, and the error sink and the report de-duplication are module state.
  vi.resetModules();
  vi.clearAllMocks();
  vi.doMock('@sentry/browser', () => {
    sentry.loaded();
    return { init: sentry.init, captureException: sentry.captureException };
  });
  ({ startSentry, startSentryFromConfig } = await import('./sentry'));
  ({ reportError } = await import('../lib/error-reporting'));
  stubFetch({});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startSentry', () => {
  it('loads nothing when no DSN is configured', async () => {
    await startSentry(null, 'production');
    reportError(new Error('No sink'));

    expect(sentry.loaded).not.toHaveBeenCalled();
    expect(sentry.init).not.toHaveBeenCalled();
    expect(sentry.captureException).not.toHaveBeenCalled();
  });

  it('starts Sentry with the DSN and environment, without its global error handlers', async () => {
    await startSentry('https://key@sentry.example/1', 'staging');

    expect(sentry.loaded).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledTimes(1);
    const options = sentry.init.mock.calls[0]?.[0] as {
      dsn: string;
      environment: string;
      integrations: (defaults: { name: string }[]) => { name: string }[];
    };
    expect(options).toMatchObject({ dsn: 'https://key@sentry.example/1', environment: 'staging' });
    const kept = options.integrations([{ name: 'GlobalHandlers' }, { name: 'BrowserApiErrors' }, { name: 'Dedupe' }]);
    expect(kept.map((i) => i.name)).toEqual(['Dedupe']);
  });

  it('forwards reported errors to Sentry with their context', async () => {
    await startSentry('https://key@sentry.example/1', 'production');
    const error = new Error('Boom');
    reportError(error, { source: 'react' });

    expect(sentry.loaded).toHaveBeenCalledTimes(1);
    expect(sentry.captureException).toHaveBeenCalledWith(error, { extra: { source: 'react' } });
  });

  it('starts only once', async () => {
    await Promise.all([startSentry('https://a@sentry.example/1', 'x'), startSentry('https://a@sentry.example/1', 'x')]);
    expect(sentry.init).toHaveBeenCalledTimes(1);
  });
});

describe('startSentryFromConfig', () => {
  it('starts Sentry with the DSN and environment from the client config', async () => {
    stubFetch({
      'GET /api/v1/config/': {
        status: 200,
        body: { chat_widget_url: null, sentry_dsn: 'https://key@sentry.example/2', environment: 'production' },
      },
    });
    await startSentryFromConfig(createQueryClient());

    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({ dsn: 'https://key@sentry.example/2', environment: 'production' }),
    );
  });

  it('loads nothing when the config has no DSN', async () => {
    await startSentryFromConfig(createQueryClient());

    expect(sentry.loaded).not.toHaveBeenCalled();
  });

  it('leaves Sentry off when the config cannot be loaded', async () => {
    stubFetch({ 'GET /api/v1/config/': { status: 404, body: { detail: 'x', code: 'not_found' } } });
    await expect(startSentryFromConfig(createQueryClient())).resolves.toBeUndefined();

    expect(sentry.loaded).not.toHaveBeenCalled();
  });
});
