import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp, ME_PRELOAD_LINK } from './app';
import { createUser } from '../test/factories';
import { TEST_SECRET, useTestApp } from '../test/harness';
import {
  jsonForHtml,
  lazyStylesheets,
  pageHtml,
  preloadsFor,
  RENDER_SCRIPTS_ID,
  RENDER_STATE_ID,
  SERVER_RENDERED_PAGE,
  stylesheetsFor,
} from './platform/page-render';
import { SESSION_COOKIE } from './platform/session';

const ctx = useTestApp();

/** As Vite builds index.html: the entry script, the module it preloads and the app's stylesheet in the head. */
const TEMPLATE =
  '<!doctype html><html><head><title>Banksia</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">\n' +
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
  '<body><div id="root"></div></body></html>';

/**
 * A built web app (dist/ with index.html and two lazy stylesheets) beside a server render (dist-server/) whose
 * renderPage is `source`: the real one is React's, built by Vite; this one shows what the server does with it.
 */
async function builtApp(source: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'banksia-render-'));
  await mkdir(path.join(root, 'dist', 'assets'), { recursive: true });
  await mkdir(path.join(root, 'dist-server'));
  await writeFile(path.join(root, 'dist', 'index.html'), TEMPLATE);
  await writeFile(path.join(root, 'dist', 'assets', 'index-abc.css'), '.m_1{color:red}');
  await writeFile(path.join(root, 'dist', 'assets', 'chunk-player-x1.css'), '._video_nqk0g_1{width:100%}');
  await writeFile(path.join(root, 'dist', 'assets', 'exam-print-y2.css'), '@page{size:A4}._sheet_rw0u6_23{color:#000}');
  await mkdir(path.join(root, 'dist', '.vite'));
  await writeFile(
    path.join(root, 'dist', '.vite', 'manifest.json'),
    JSON.stringify({
      'src/app/routes/class-lesson.tsx': { file: 'assets/class-lesson-a1.js', imports: ['_shared-b2.js'] },
      '_shared-b2.js': { file: 'assets/shared-b2.js', imports: ['index.html'] },
      'index.html': { file: 'assets/index-abc.js' },
      'src/boot.ts': { file: 'assets/boot-c3.js' },
    }),
  );
  await writeFile(path.join(root, 'dist-server', 'entry-server.js'), source);
  return path.join(root, 'dist');
}

/** Renders who the render's own request found signed in, and the page's address. */
const ASKS_WHO = `
export async function renderPage({ url, transport }) {
  const answer = await transport('/api/v1/auth/session/', { method: 'GET' });
  const { me } = await answer.json();
  return {
    html: '<main class="_video_nqk0g_1"><h1>' + (me ? me.user.first_name : 'nobody') + ' at ' + url + '</h1></main>',
    state: { status: answer.status, note: '</script><script>alert(1)</script>' },
    modules: ['src/app/routes/class-lesson.tsx'],
  };
}`;

function appServing(webDist: string) {
  return buildApp({ config: { ...ctx.config, webDist }, db: ctx.db, clock: ctx.clock, secret: TEST_SECRET });
}

describe('server-rendered pages', () => {
  it.each([
    ['/class/12/course/', true],
    ['/class/12/course/3/', true],
    ['/class/12/lesson/', true],
    ['/class/12/lesson/4/2/', true],
    ['/class/12/lesson/4/', false],
    ['/class/12/progress/topic/3/', false],
    ['/class/12/lesson/4/activity/9/', false],
    ['/class/x/course/', false],
    ['/courses/', false],
    ['/class/12/course', false],
  ])('%s is rendered on the server: %s', (pathname, rendered) => {
    expect(SERVER_RENDERED_PAGE.test(pathname)).toBe(rendered);
  });

  it('embeds the state as JSON that cannot end its element', () => {
    const json = jsonForHtml({ text: '</script><!-- x' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ text: '</script><!-- x' });
  });

  it('fills the template: markup in #root, the state beside it, extra stylesheets in the head', () => {
    const html = pageHtml(TEMPLATE, '<h1>Hi</h1>', { a: 1 }, ['/assets/chunk-player-x1.css']);
    expect(html).toContain(
      `<div id="root"><h1>Hi</h1></div><script type="application/json" id="${RENDER_STATE_ID}">{"a":1}</script>`,
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/chunk-player-x1.css"></head>');
    expect(() => pageHtml('<html></html>', '<h1>Hi</h1>', {})).toThrow(/root/);
  });

  it('names only the boot script, which starts the entry and its preloads after the paint (listed in a data block)', () => {
    const html = pageHtml(TEMPLATE, '<h1>Hi</h1>', {}, [], ['/assets/class-lesson-a1.js'], '/assets/boot-c3.js');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script type="module" crossorigin src="/assets/boot-c3.js"></script>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('src="/assets/index-abc.js"');
    const block = new RegExp(`<script type="application/json" id="${RENDER_SCRIPTS_ID}">(.*?)</script>`).exec(html);
    expect(JSON.parse(block![1]!)).toEqual({
      main: '/assets/index-abc.js',
      preload: ['/assets/runtime-r1.js', '/assets/class-lesson-a1.js'],
    });
  });

  it('without a boot script (an older build), keeps the entry and links the preloads in the head', () => {
    const html = pageHtml(TEMPLATE, '<h1>Hi</h1>', {}, [], ['/assets/class-lesson-a1.js']);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/class-lesson-a1.js"></head>');
    expect(html).not.toContain(RENDER_SCRIPTS_ID);
  });

  it("preloads the scripts of the page's route modules and what they import, but not those the page has", () => {
    const manifest = {
      'src/a.tsx': { file: 'assets/a-1.js', imports: ['_b.js', '_c.js'] },
      '_b.js': { file: 'assets/b-2.js', imports: ['_c.js', 'index.html'] },
      '_c.js': { file: 'assets/c-3.js', imports: ['_b.js'] },
      'index.html': { file: 'assets/index-abc.js' },
      'src/d.css': { file: 'assets/d-4.css' },
    };
    expect(preloadsFor(['src/a.tsx', 'src/d.css', 'src/unknown.tsx'], manifest, TEMPLATE)).toEqual([
      '/assets/a-1.js',
      '/assets/b-2.js',
      '/assets/c-3.js',
    ]);
    expect(preloadsFor([], manifest, TEMPLATE)).toEqual([]);
  });

  it('links the lazy stylesheets whose CSS-module classes the markup uses, and only those', async () => {
    const dist = await builtApp('export async function renderPage() { return null; }');
    const sheets = lazyStylesheets(dist, TEMPLATE);
    // The app's own stylesheet (already in index.html) is not a lazy one.
    expect(sheets.map((s) => s.href).sort()).toEqual(['/assets/chunk-player-x1.css', '/assets/exam-print-y2.css']);
    expect(stylesheetsFor('<div class="m_1 _video_nqk0g_1"></div>', sheets)).toEqual(['/assets/chunk-player-x1.css']);
    // A class only in running text, or a sheet matched by nothing but global rules, links nothing.
    expect(stylesheetsFor('<p>_sheet_rw0u6_23</p><div class="m_1"></div>', sheets)).toEqual([]);
  });

  it("renders a class page with the visitor's own session, compressed and never cached", async () => {
    const app = await appServing(await builtApp(ASKS_WHO));
    const student = await createUser(ctx.db, { roles: ['student'], firstName: 'Ava' });
    const client = await ctx.client(student.id);
    const page = await app.inject({
      method: 'GET',
      url: '/class/12/lesson/4/2/',
      cookies: { [SESSION_COOKIE]: client.cookies[SESSION_COOKIE]! },
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('br');
    // The page's own data travels in it: no preload of who is signed in.
    expect(page.headers.link).toBeUndefined();
    const html = zlib.brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain('<h1>Ava at /class/12/lesson/4/2/</h1>');
    expect(html).toContain('"status":200');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('href="/assets/chunk-player-x1.css"');
    expect(html).not.toContain('exam-print');
    // The scripts start after the paint (boot.ts), the route's own among them.
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-c3.js"></script></head>');
    const scripts = new RegExp(`id="${RENDER_SCRIPTS_ID}">(.*?)</script>`).exec(html);
    expect(JSON.parse(scripts![1]!)).toEqual({
      main: '/assets/index-abc.js',
      preload: ['/assets/runtime-r1.js', '/assets/class-lesson-a1.js', '/assets/shared-b2.js'],
    });
    expect(html.match(/index-abc\.js/g)).toHaveLength(1);
    await app.close();
  });

  it('sends the plain page without a session, for other pages, and when the render declines or fails', async () => {
    const signedOut = await appServing(await builtApp(ASKS_WHO));
    const anonymous = await signedOut.inject({ method: 'GET', url: '/class/12/course/' });
    expect(anonymous.body).toBe(TEMPLATE);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    const student = await createUser(ctx.db, { roles: ['student'] });
    const cookies = { [SESSION_COOKIE]: (await ctx.client(student.id)).cookies[SESSION_COOKIE]! };
    const grid = await signedOut.inject({ method: 'GET', url: '/class/12/progress/topic/3/', cookies });
    expect(grid.body).toBe(TEMPLATE);
    expect(grid.headers.link).toBe(ME_PRELOAD_LINK);
    await signedOut.close();

    for (const source of [
      'export async function renderPage() { return null; }',
      'export async function renderPage() { throw new Error("render broke"); }',
      // A render only reads: anything else it asks is refused, and the page is left to the browser.
      `export async function renderPage({ transport }) {
         await transport('/api/v1/auth/logout/', { method: 'POST' });
         return { html: '<h1>changed something</h1>', state: {} };
       }`,
    ]) {
      const app = await appServing(await builtApp(source));
      const page = await app.inject({ method: 'GET', url: '/class/12/course/', cookies });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(TEMPLATE);
      expect(page.headers['cache-control']).toBe('no-cache');
      await app.close();
    }
  });
});
