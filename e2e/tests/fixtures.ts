import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { journeyApp, type JourneyApp } from '../apps';

/** A Content-Security-Policy violation a page reported. */
interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

const watched = new WeakSet<BrowserContext>();
const withoutScripts = new WeakSet<BrowserContext>();

/**
 * A student's class pages arrive rendered by the server and show before their scripts have run; until React runs
 * them (`data-app-ready` on <html>), a click on a button or a key press does nothing. A journey acts once it does, as
 * a person would on a page that answers: after every page load (`goto`, `reload`) of a rendered page, this waits.
 */
function actOnceLive(page: Page): void {
  for (const name of ['goto', 'reload'] as const) {
    const load = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await load(...args);
      if (await page.locator('#server-render-state').count()) {
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 15_000 });
      }
      return response;
    };
  }
}

/**
 * Records every `securitypolicyviolation` event of every page of the context, including pages that navigated on or
 * closed before the test ended (the event is reported to the test process as it happens, not read at the end).
 */
async function watchCsp(context: BrowserContext, violations: CspViolation[]): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  if (!withoutScripts.has(context)) {
    context.pages().forEach(actOnceLive);
    context.on('page', actOnceLive);
  }
  await context.exposeBinding('__banksiaCspViolation', (_source, v: CspViolation) => {
    violations.push(v);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __banksiaCspViolation?: (v: unknown) => void }).__banksiaCspViolation;
      report?.({
        page: location.pathname,
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
}

/**
 * Every journey's `test`: fails a test in which any page, in any context (the default one or one the test opened
 * itself), broke the Content-Security-Policy, so a page the policy breaks is caught.
 */
export const test = base.extend<
  { cspViolations: CspViolation[]; closeOpenedContexts: void },
  { cspWatchedBrowser: Browser; app: JourneyApp }
>({
  // The worker's own app server (see apps.ts); every page and API request of the worker goes to it.
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  app: [async ({}, use, workerInfo) => use(journeyApp(workerInfo.parallelIndex)), { scope: 'worker' }],
  baseURL: async ({ app }, use) => use(app.origin),
  cspViolations: [
    async ({ context, cspWatchedBrowser }, use) => {
      const violations: CspViolation[] = [];
      current = violations;
      void cspWatchedBrowser;
      await watchCsp(context, violations);
      await use(violations);
      current = null;
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // Contexts a test opened itself are closed when it ends. Left open, their pages went on polling and playing in the
  // worker's browser (12 of them by the end of one worker's run in CI on 2026-11-28), slowing every later journey.
  closeOpenedContexts: [
    async ({ cspWatchedBrowser }, use) => {
      void cspWatchedBrowser;
      const opened: BrowserContext[] = [];
      openedByTest = opened;
      try {
        await use();
      } finally {
        openedByTest = null;
        await Promise.all(opened.map((context) => context.close()));
      }
    },
    { auto: true },
  ],
  // Contexts a test opens with browser.newContext() are watched too.
  cspWatchedBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        if (args[0]?.javaScriptEnabled === false) withoutScripts.add(context);
        openedByTest?.push(context);
        if (current) await watchCsp(context, current);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker', auto: true },
  ],
});
let current: CspViolation[] | null = null;
let openedByTest: BrowserContext[] | null = null;

export const DEMO_PASSWORD = 'banksia-demo';
export const demo = {
  student: { email: 'student@banksia.test', firstName: 'Ava' },
  teacher: { email: 'teacher@banksia.test', firstName: 'Priya' },
  content: { email: 'content@banksia.test', firstName: 'Sam' },
} as const;
export type DemoRole = keyof typeof demo;

/** Signs in through the form on /account/ and waits for the home page. */
export async function signIn(page: Page, role: DemoRole): Promise<void> {
  await signInAs(page, demo[role]);
}

/** Signs in as any demo account (the demo students share the demo password) and waits for the home page. */
export async function signInAs(page: Page, account: { email: string; firstName: string }): Promise<void> {
  await page.goto('/account/');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Generous: on a busy machine (CI, or tests running beside the journeys) the home page can take several seconds.
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.firstName}` })).toBeVisible({
    timeout: 15_000,
  });
}

/** Fails on any serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A dialog fading in is half transparent: axe would measure the contrast of its text mid-transition. Finite
  // transitions are awaited; endless ones (loaders) are not.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  // Only violations are collected (passes are not listed node by node). A page without frames is checked in place
  // (legacy mode: one axe.run); the frame-by-frame mode, kept for pages with frames (the sandboxed email previews),
  // combines its results in a new blank page and took twice as long: 2–7 s a check on two busy cores, against 1–3.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (page.frames().length === 1) axe.setLegacyMode();
  const results = await axe.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
