import type { QueryClient } from '@tanstack/react-query';
import { clientConfigQueryOptions } from '../features/support/index';
import { setErrorSink } from '../lib/error-reporting';

// main.tsx already sends window errors, unhandled rejections and React's uncaught errors to reportError, which
// forwards them here; Sentry's own handlers for the same events would report each of them twice.
const DUPLICATE_HANDLERS = new Set(['GlobalHandlers', 'BrowserApiErrors']);

let started: Promise<void> | null = null;

/**
 * Loads Sentry (a chunk of its own, fetched only when a DSN is configured) and makes it the error sink.
 * Does nothing without a DSN, and only once.
 */
export function startSentry(dsn: string | null, environment: string): Promise<void> {
  if (!dsn) return Promise.resolve();
  started ??= import('@sentry/browser').then((Sentry) => {
    Sentry.init({
      dsn,
      environment,
      integrations: (defaults) => defaults.filter((integration) => !DUPLICATE_HANDLERS.has(integration.name)),
    });
    setErrorSink((error, context) => {
      Sentry.captureException(error, { extra: context });
    });
  });
  return started;
}

/** Starts Sentry once the client config has loaded, if it names a DSN; a failed load leaves it off. */
export async function startSentryFromConfig(queryClient: QueryClient): Promise<void> {
  try {
    const config = await queryClient.fetchQuery(clientConfigQueryOptions());
    await startSentry(config.sentry_dsn, config.environment);
  } catch {
    // The config request reports its own failure; a failed Sentry load has nowhere else to go.
  }
}
