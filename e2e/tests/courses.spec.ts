import { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

test.describe('courses and lessons', () => {
  test('student: opens her class’s course, plays a lesson and rates it', async ({ page }) => {
    await signIn(page, 'student');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /9MAT1/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Year 9 Mathematics' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Lesson parts opened' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Into a topic, then one of its lessons.
    await page.getByRole('link', { name: 'Fractions and decimals', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fractions and decimals' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Equivalent fractions', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Equivalent fractions' })).toBeVisible();
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await expect(video.locator('track[kind="captions"]')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    // The rating shows at once (optimistically); the reload below must come after the server has it, as a student's
    // next visit would, or the reload races the save.
    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/self-assessment/' && r.request().method() === 'POST',
    );
    await page.getByRole('radiogroup').getByText('4', { exact: true }).click();
    await expect(page.getByText("Your rating: 4, I've got it.")).toBeVisible();
    expect((await saved).status()).toBe(200);
    // The chosen rating (white on teal) and the focus ring are checked too.
    await expectNoSeriousA11yViolations(page);
    // Saved on the server: still there after a reload, and the part opened is ticked.
    const askedWho: string[] = [];
    page.on('request', (r) => {
      if (['/api/v1/auth/me/', '/api/v1/auth/session/'].includes(new URL(r.url()).pathname)) {
        askedWho.push(`${r.resourceType()} ${new URL(r.url()).pathname}`);
      }
    });
    await page.reload();
    await expect(page.getByText("Your rating: 4, I've got it.")).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Lesson parts' }).getByText(/opened|watched/)).toBeVisible();
    // The lesson was rendered on the server with who is signed in in the page, so nobody asked.
    expect(askedWho).toEqual([]);
    // A page the browser builds asks once, by the page's preload hint (resource type "other"), and the app takes
    // that answer rather than asking again after its scripts ran.
    await page.goto('/account/');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    expect(askedWho).toEqual(['other /api/v1/auth/session/']);
  });

  test('teacher: sees the class’s progress lesson by lesson and the school’s classes', async ({ page }) => {
    await signIn(page, 'teacher');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /9MAT1/ }).click();
    await expect(page.getByRole('heading', { name: 'Class progress' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Lessons in Fractions and decimals' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^School Banksia/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Banksia Demo High School' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('link', { name: '10SCI Teacher trial' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('visitor: watches a demo lesson without signing in', async ({ page, browser }) => {
    await signIn(page, 'student');
    await page.goto('/library/');
    await page.getByRole('main').getByRole('link', { name: 'Year 9 Mathematics', exact: true }).click();
    const demoLink = page.getByRole('region', { name: 'Demo lessons' }).getByRole('link').first();
    const href = await demoLink.getAttribute('href');
    expect(href).toMatch(/^\/demo\/lesson\/\d+\/$/);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(href!);
    await expect(visitor.getByText('Demo lesson — nothing you do here is saved.')).toBeVisible();
    await expect(visitor.locator('video')).toBeVisible();
    await expect(visitor.getByRole('radiogroup')).toHaveCount(0);
    await expectNoSeriousA11yViolations(visitor);
  });
});
