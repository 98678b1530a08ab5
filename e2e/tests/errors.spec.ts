import { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

test.describe('failure and error pages', () => {
  test('an unknown page answers 404 and shows the not-found page with a way to contact support', async ({ page }) => {
    const response = await page.goto('/no/such/page/');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText(
        "Oops! We couldn't find the page you're looking for. Try double-checking the address (URL) and see if that helps.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact support' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a student opening the admin area or a teacher page gets the unauthorized page, as the API would give', async ({
    page,
  }) => {
    await signIn(page, 'student');
    await page.goto('/content/admin/users/edit/');
    await expect(page.getByRole('heading', { name: 'What are you doing here?' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // A teacher's grid, refused by the page before asking, shows the same page.
    const classId = await page.evaluate(async () => {
      const session = await (await fetch('/api/v1/auth/session/')).json();
      return session.me.classes[0].id as number;
    });
    await page.goto(`/class/${classId}/progress/topic/1/`);
    await expect(page.getByRole('heading', { name: 'What are you doing here?' })).toBeVisible();
    await expect(page.getByText('Access denied')).toHaveCount(0);
  });

  test('signed-out pages log no errors: being signed out is an answer, not a failure', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
    });
    await page.goto('/account/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/account/profile/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('unknown addresses answer 404 and real pages 200, before the app has run', async ({ request }) => {
    for (const url of ['/no-such-page/', '/secret/nope/', '/content/admin/nope/']) {
      expect((await request.get(url)).status(), url).toBe(404);
    }
    for (const url of ['/account/', '/content/admin/activity/edit/1/', '/class-list-uploader/']) {
      expect((await request.get(url)).status(), url).toBe(200);
    }
  });

  test('an unknown API path answers JSON 404', async ({ request }) => {
    const response = await request.get('/api/v1/nothing-here/');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });

  test('a support message sent from an error page reaches the staff inbox', async ({ page }) => {
    await page.goto('/no/such/page/');
    await page.getByRole('button', { name: 'Contact support' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('How can we help?').fill('I followed a link from the newsletter and it is broken.');
    await dialog.getByLabel(/Email/).fill('parent@example.test');
    await dialog.getByRole('button', { name: /Send/ }).click();
    await expect(page.getByText(/got your message/)).toBeVisible();

    await signIn(page, 'content');
    await page.goto('/content/admin/support/');
    await expect(page.getByText('I followed a link from the newsletter and it is broken.')).toBeVisible();
    await expect(page.getByText('/no/such/page/').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
