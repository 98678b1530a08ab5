import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

/** Errors the page logs (a page that differs from its server-rendered HTML is one: React reports it). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  return errors;
}

test.describe('class pages rendered on the server', () => {
  test('a student’s lesson arrives as HTML, reads without scripts, and works once its scripts have run', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'student');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /9MAT1/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Year 9 Mathematics' })).toBeVisible();
    const coursePath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Fractions and decimals', exact: true }).first().click();
    await page.getByRole('link', { name: 'Equivalent fractions', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Equivalent fractions' })).toBeVisible();
    const lessonPath = new URL(page.url()).pathname;

    // Opened afresh (a link from elsewhere, a reload): the lesson is in the HTML itself.
    const errors = collectErrors(page);
    const response = await page.goto(lessonPath);
    const html = await response!.text();
    expect(html).toMatch(/<h1[^>]*>Equivalent fractions<\/h1>/);
    expect(html).toContain('id="server-render-state"');
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    // Then the scripts take the page over, and the shell answers: the course jumper (a stand-in until used) and the
    // user menu load when reached for.
    await expect(page.getByRole('heading', { level: 1, name: 'Equivalent fractions' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Jump to course' }).click();
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Jump to course' })).toBeFocused();
    await page.getByRole('button', { name: /Ava/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    // The course page too.
    const course = await page.goto(coursePath);
    expect(await course!.text()).toContain('id="server-render-state"');
    await expect(page.getByRole('progressbar', { name: 'Lesson parts opened' })).toBeVisible();
    expect(errors).toEqual([]);

    // With scripts off, the lesson can still be read and its video watched.
    const noScripts = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await noScripts.newPage();
    await plain.goto(lessonPath);
    await expect(plain.getByRole('heading', { level: 1, name: 'Equivalent fractions' })).toBeVisible();
    await expect(plain.locator('video')).toBeVisible();
    await noScripts.close();
  });

  test('a teacher’s class pages are built in the browser: they show students, whom the anonymiser may hide', async ({
    page,
  }) => {
    await signIn(page, 'teacher');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /9MAT1/ }).click();
    await expect(page.getByRole('heading', { name: 'Class progress' })).toBeVisible();
    const response = await page.reload();
    expect(await response!.text()).not.toContain('server-render-state');
    await expect(page.getByRole('heading', { name: 'Class progress' })).toBeVisible();
  });
});
