import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './fixtures';

test.describe('failure and error pages', () => {
  test('an unknown page shows the not-found page with a way to contact support', async ({ page }) => {
    await page.goto('/no/such/page/');
    await expect(
      page.getByText(
        "Oops! We couldn't find the page you're looking for. Try double-checking the address (URL) and see if that helps.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact support' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a student opening the admin area gets the 403 page', async ({ page }) => {
    await signIn(page, 'student');
    await page.goto('/content/admin/users/edit/');
    await expect(
      page.getByText(
        "Sorry, but you don't have permission to access this page. If you think there's been a mistake, ask someone for help.",
      ),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
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
