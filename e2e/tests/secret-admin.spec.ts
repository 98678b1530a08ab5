import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, expectNoSeriousA11yViolations, signIn, test } from './fixtures';

// The server-rendered admin under /secret/ works with JavaScript off: content staff find a lesson, rename it with a
// plain form, and see the change in its audit history. Teachers are refused. Axe runs in a context with JavaScript
// on (it is a script itself) over the same pages, which carry no script of their own.

const LESSON = 'Finding the equation of a line';
const RENAMED = 'Finding the equation of a straight line';

test.describe('secret admin', () => {
  test('content staff rename a lesson with JavaScript off and see it in the history', async ({ page, browser }) => {
    // Two contexts, a dozen page loads and three accessibility scans.
    test.setTimeout(90_000);

    // Signed out, /secret/ sends staff to sign in and back again (a full page load: the app does not render it).
    await page.goto('/secret/');
    await expect(page).toHaveURL(/\/account\/\?next=%2Fsecret%2F$/);
    await page.getByLabel('Email').fill(demo.content.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Secret admin' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/secret\/$/);
    await expectNoSeriousA11yViolations(page);
    // Staff reach it from their home page too.
    await page.goto('/account/');
    await page.getByRole('link', { name: /^Secret admin/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Secret admin' })).toBeVisible();

    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const admin = await noScript.newPage();
      await admin.goto('/secret/');
      await admin.getByRole('link', { name: 'Lessons', exact: true }).click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Lessons' })).toBeVisible();

      await admin.getByRole('searchbox', { name: 'Search' }).fill('equation');
      await admin.getByRole('button', { name: 'Search' }).click();
      await expect(admin).toHaveURL(/\/secret\/lessons\/\?q=equation/);
      await admin.getByRole('link', { name: LESSON, exact: true }).click();
      await expect(admin.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();

      // An empty title is refused next to the field, and nothing is saved.
      await admin.getByLabel('Title', { exact: true }).fill('');
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByText('This field may not be blank.').last()).toBeVisible();
      await expect(admin.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');

      await admin.getByLabel('Title', { exact: true }).fill(RENAMED);
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByRole('status')).toHaveText('Saved.');
      await expect(admin.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
      const history = admin.getByRole('table').last();
      await expect(history.getByRole('row').nth(1)).toContainText('Sam');
      await expect(history.getByRole('row').nth(1)).toContainText(`title: ${LESSON} → ${RENAMED}`);
      const detailUrl = admin.url();

      // The same pages, scanned with axe in the signed-in context that runs scripts.
      await scan(page, '/secret/lessons/?q=equation', 'Lessons');
      await scan(page, detailUrl, RENAMED);
    } finally {
      await noScript.close();
    }
  });

  test('a teacher is refused', async ({ page }) => {
    await signIn(page, 'teacher');
    const response = await page.goto('/secret/');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'What are you doing here?' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

async function scan(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
}
