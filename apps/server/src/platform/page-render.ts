import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The first HTML of a student's class pages, rendered on the server (ADR 041): the page paints its content from the
 * HTML, before the scripts have loaded, and the scripts then take it over (hydration) instead of building it again.
 *
 * The render itself lives with the web app (apps/web/src/entry-server.tsx, built into dist-server/ beside dist/).
 * Its requests go to this app by injection with the page request's cookie, so they pass the same session, scoping
 * and access rules as the browser's own; a render only ever reads (GET). Anything unusual (no render built, a
 * redirect, an error, data slower than the deadline, a throw) sends the plain index.html, as for every other page.
 */

/** The class pages rendered on the server: the course, a topic, the lesson list and a lesson's part. */
export const SERVER_RENDERED_PAGE = /^\/class\/\d+\/(?:course\/(?:\d+\/)?|lesson\/(?:\d+\/\d+\/)?)$/;

/** The element holding the state the browser's entry hydrates from (read by apps/web/src/main.tsx). */
export const RENDER_STATE_ID = 'server-render-state';

/** The web app's first script on a rendered page, as the build manifest names it. */
export const BOOT_MODULE = 'src/boot.ts';

type Transport = (url: string, init: RequestInit) => Promise<Response>;

interface RenderModule {
  /** Absent from builds older than the 404 answers: every address is then taken for a page. */
  isKnownPage?(pathname: string): Promise<boolean>;
  renderPage(options: {
    url: string;
    transport: Transport;
    deadlineMs: number;
  }): Promise<{ html: string; state: unknown; modules?: string[] } | null>;
}

/** The browser build's manifest (dist/.vite/manifest.json): which files each source module became. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The script files the given source modules need (each one's file and, transitively, the files it imports), minus
 * those the page already loads (named in `template`). A rendered page preloads them: otherwise the browser asks for
 * its routes' code only once the main script has run, and the page answers clicks that much later.
 */
export function preloadsFor(modules: readonly string[], manifest: BuildManifest, template: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js') && !template.includes(`/${file}`)).map((file) => `/${file}`);
}

export interface PageRenderer {
  /** The page's whole HTML, or null to send the plain index.html. */
  render(url: string, cookie: string): Promise<string | null>;
  /** Whether the path is one of the web app's pages; false: the app's not-found page is sent with status 404. */
  isKnownPage(pathname: string): Promise<boolean>;
}

/** JSON safe inside an HTML element: no `<` can close the element or open a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * A class of a CSS module as the build names it (`_videoFrame_nqk0g_1`: Vite's default `_[local]_[hash]_[line]`). Only
 * these tie a stylesheet to a page: a sheet's other rules (Mantine's classes, `@page`) are not a sign the page needs it.
 */
const CSS_MODULE_CLASS = /\.(_[\w-]+_[a-z0-9]{5}_\d+)\b/g;

/** A stylesheet of a lazily loaded part of the app, and the class names it styles. */
export interface LazyStylesheet {
  href: string;
  classes: ReadonlySet<string>;
}

/**
 * The stylesheets the build splits off with lazily loaded code (a page's CSS modules, an editor's styles), read once:
 * the browser loads them with that code, which for a rendered page comes only after its HTML has been painted.
 */
export function lazyStylesheets(webDist: string, template: string): LazyStylesheet[] {
  const assets = path.join(webDist, 'assets');
  if (!existsSync(assets)) return [];
  return readdirSync(assets)
    .filter((file) => file.endsWith('.css') && !template.includes(`/assets/${file}`))
    .map((file) => ({
      href: `/assets/${file}`,
      classes: new Set(
        Array.from(readFileSync(path.join(assets, file), 'utf8').matchAll(CSS_MODULE_CLASS), (m) => m[1]!),
      ),
    }));
}

/** The lazy stylesheets styling any class the markup uses, so the page paints styled before its scripts run. */
export function stylesheetsFor(markup: string, sheets: readonly LazyStylesheet[]): string[] {
  const used = new Set<string>();
  for (const [, names] of markup.matchAll(/\sclass="([^"]*)"/g)) for (const name of names!.split(/\s+/)) used.add(name);
  return sheets.filter((sheet) => [...sheet.classes].some((name) => used.has(name))).map((sheet) => sheet.href);
}

/** The data block that lists a rendered page's scripts for the web app's boot.ts, which starts them after the paint. */
export const RENDER_SCRIPTS_ID = 'server-render-scripts';

/** The built index.html's entry script, and the modules it preloads (Vite writes both into the head). */
const ENTRY_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">\s*/g;

/**
 * Puts the rendered markup and its state into the built index.html (its empty `<div id="root"></div>`), with the
 * stylesheets the markup needs beyond the app's own in the head.
 *
 * With `boot` (the web app's boot.ts as built), the page names only that script: the app's entry, the modules it
 * preloads and `preloads` (its routes' scripts) go into a data block, and boot.ts starts them once the page has been
 * painted, so on a slow connection they do not hold up the paint of a page that can already be read. Without it
 * (an older build), they are in the head as index.html has them.
 */
export function pageHtml(
  template: string,
  markup: string,
  state: unknown,
  stylesheets: readonly string[] = [],
  preloads: readonly string[] = [],
  boot?: string,
): string {
  const entry = boot ? ENTRY_SCRIPT.exec(template) : null;
  let base = template;
  let data = '';
  let scripts = '';
  if (entry) {
    const preload = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
    base = template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
    scripts = `<script type="module" crossorigin src="${boot}"></script>`;
    data =
      `<script type="application/json" id="${RENDER_SCRIPTS_ID}">` +
      `${jsonForHtml({ main: entry[1], preload: [...preload, ...preloads] })}</script>`;
  } else {
    // As the app's loader adds them later (it then finds them and adds nothing).
    scripts = preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  }
  const root = '<div id="root"></div>';
  const at = base.indexOf(root);
  if (at < 0) throw new Error('index.html has no empty <div id="root"></div>');
  // Data blocks, not scripts: they never run, so the Content-Security-Policy needs no exception for them.
  const filled =
    `<div id="root">${markup}</div>` +
    `<script type="application/json" id="${RENDER_STATE_ID}">${jsonForHtml(state)}</script>` +
    data;
  const page = base.slice(0, at) + filled + base.slice(at + root.length);
  const links = stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('') + scripts;
  return page.replace('</head>', `${links}</head>`);
}

/**
 * Loads the web app's server render from `<webDist>/../dist-server/`, or undefined when it was not built (tests
 * with a bare dist folder; an old build): pages then keep the plain index.html.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  webDist: string,
  log: FastifyBaseLogger,
  /** How long a page's data may take before the browser is left to load it (config: RENDER_DEADLINE_MS). */
  deadlineMs: number,
): Promise<PageRenderer | undefined> {
  const entry = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const module = (await import(pathToFileURL(entry).href)) as RenderModule;
  const sheets = lazyStylesheets(webDist, template);
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const manifest = (existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {}) as BuildManifest;
  const bootFile = manifest[BOOT_MODULE]?.file;
  const boot = bootFile ? `/${bootFile}` : undefined;

  return {
    async isKnownPage(pathname) {
      try {
        return (await module.isKnownPage?.(pathname)) ?? true;
      } catch (error) {
        log.error({ err: error, pathname }, 'could not match the address against the pages; taken for one');
        return true;
      }
    },
    async render(url, cookie) {
      const transport: Transport = async (apiUrl, init) => {
        const method = (init.method ?? 'GET').toUpperCase();
        if (method !== 'GET') throw new Error(`A server render only reads; it asked ${method} ${apiUrl}`);
        const answer = await app.inject({
          method: 'GET',
          url: apiUrl,
          headers: { cookie, accept: 'application/json' },
        });
        const type = answer.headers['content-type'];
        return new Response(answer.rawPayload, {
          status: answer.statusCode,
          headers: typeof type === 'string' ? { 'content-type': type } : {},
        });
      };
      try {
        const page = await module.renderPage({ url, transport, deadlineMs });
        if (!page) return null;
        const preloads = preloadsFor(page.modules ?? [], manifest, template);
        return pageHtml(template, page.html, page.state, stylesheetsFor(page.html, sheets), preloads, boot);
      } catch (error) {
        log.error({ err: error, url }, 'server render failed; sending the plain page');
        return null;
      }
    },
  };
}
