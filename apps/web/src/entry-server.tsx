/**
 * The server render of a page's first HTML (ADR 041), built by `vite build --ssr` into dist-server/ and called by the
 * API server for a student's visit to one of their class's pages. It runs the same route table and queries as the browser: the
 * router's loaders (the session check, the class page's prefetch of its course and the student's progress) ask the
 * app itself through the page request's cookie, the page renders once everything they started has settled, and the
 * answers travel with the HTML so the browser's first render (hydration) matches it without asking again.
 *
 * It answers null when the page is better left to the browser (a redirect, an error, data still loading after the
 * deadline); the server then sends the plain index.html, as for every other page.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createCompleteRoutes, createRoutes, isPageAddress } from './app/router';
import { meQueryOptions } from './features/accounts/index';
import { setRequestTransport, type RequestTransport } from './lib/request';

/** What the browser's entry reads back (main.tsx) to hydrate the page. */
export interface ServerRenderState {
  /**
   * The answers the page was rendered with, as the browser's query cache is to hold them. (Not TanStack's
   * dehydrate/hydrate: the browser's entry would carry its code, and only successful answers are ever sent.)
   */
  queries: { key: readonly unknown[]; data: unknown; updatedAt: number }[];
  router: HydrationState;
}

export interface ServerRenderResult {
  /** The markup of #root. */
  html: string;
  state: ServerRenderState;
  /** The source modules of the page's routes, for the server to preload their code (keys of dist/.vite/manifest.json). */
  modules: string[];
}

export interface ServerRenderOptions {
  /** The page's path and query, e.g. /class/1/lesson/2/1/. */
  url: string;
  /** Sends one API request as this page's visitor (the server injects it into itself with the page's cookie). */
  transport: RequestTransport;
  /** How long the page's data may take before the browser is left to load it (ms). */
  deadlineMs: number;
}

interface Render {
  transport: RequestTransport;
  /** The source modules the render loaded on demand (its routes' code), as the browser build's manifest names them. */
  modules: Set<string>;
}

const renders = new AsyncLocalStorage<Render>();
// Every request of a render goes through the transport of the page being rendered, even when several render at once.
setRequestTransport((url, init) => {
  const render = renders.getStore();
  if (!render) return Promise.reject(new Error('A request outside a server render'));
  return render.transport(url, init);
});
// Called before each of the app's dynamic imports in this build (vite-plugins/ssr-imported-modules.ts).
(globalThis as { __banksiaImported?: (id: string) => void }).__banksiaImported = (id) =>
  renders.getStore()?.modules.add(id);

/**
 * Waits until no query is fetching, or the deadline passes (false). Looked at again on each change in the query
 * cache, a task later, so a query started by another's answer counts.
 */
function settled(queryClient: QueryClient, deadline: number): Promise<boolean> {
  return new Promise((resolve) => {
    let check: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      clearTimeout(check);
      check = setTimeout(() => queryClient.isFetching() === 0 && finish(true), 0);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(look);
    const timer = setTimeout(() => finish(false), Math.max(0, deadline - Date.now()));
    function finish(result: boolean) {
      unsubscribe();
      clearTimeout(timer);
      clearTimeout(check);
      resolve(result);
    }
    look();
  });
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

let completeRoutes: ReturnType<typeof createCompleteRoutes> | undefined;

/** Whether the path is one of the app's pages (the server answers 404 for one that is not). */
export function isKnownPage(pathname: string): Promise<boolean> {
  completeRoutes ??= createCompleteRoutes(createQueryClient());
  return isPageAddress(pathname, completeRoutes);
}

export function renderPage(options: ServerRenderOptions): Promise<ServerRenderResult | null> {
  const modules = new Set<string>();
  return renders.run({ transport: options.transport, modules }, () => render(options, modules));
}

async function render(
  { url, deadlineMs }: ServerRenderOptions,
  modules: ReadonlySet<string>,
): Promise<ServerRenderResult | null> {
  const deadline = Date.now() + deadlineMs;
  const queryClient = createQueryClient();
  // A student's own class pages only: a teacher's show students' names, which the anonymiser may hide in the
  // browser. Read first, from the session alone, so a teacher's page costs one request here and no route's loader
  // runs for it; the session check's loader then finds the answer cached.
  const me = await queryClient.fetchQuery(meQueryOptions()).catch(() => null);
  const classId = Number(/^\/class\/(\d+)\//.exec(url)?.[1]);
  if (!me?.classes.some((c) => c.id === classId && c.role === 'student')) return null;
  const handler = createStaticHandler(createRoutes(queryClient));
  // Only the path matters to the routes; the origin is a placeholder.
  const context = await handler.query(new Request(new URL(url, 'http://banksia.invalid')));
  if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
  // And only a page whose data all arrived: a failure is shown by the browser, which asks again.
  if (!(await settled(queryClient, deadline))) return null;
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  )
    return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const html = await readAll(prelude);
  return {
    html,
    state: {
      queries: queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'success')
        .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt })),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    },
    modules: [...modules],
  };
}
