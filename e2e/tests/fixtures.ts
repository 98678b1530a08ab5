import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
