import { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

// The demo student pays her 9MAT1 fee through the built-in test provider's page: a declined card leaves her owing
// with the card's message; the payment link works signed out; the success card takes her to /fulfilment/, which
// shows the payment once the provider's webhook (a background job, not the browser's return) has recorded it.

test.describe('paying class fees', () => {
  test('a declined card, the payment link signed out, then a successful payment', async ({ page, browser }) => {
    // Five pages, a second browser context and four accessibility scans.
    test.setTimeout(90_000);
    await signIn(page, 'student');
    await page.goto('/payment/');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    const fees = page.getByRole('table', { name: /Class fees/ });
    await expect(fees.getByRole('row', { name: /9MAT1/ })).toContainText('$450.00');
    await expect(fees.getByRole('row', { name: /Still to pay/ })).toContainText('$450.00');
    const link = page.getByRole('textbox', { name: 'Payment link for a parent or guardian' });
    await expect(link).toHaveValue(/\/payment\/[A-Za-z0-9_-]{32}\/$/);
    const linkUrl = await link.inputValue();
    await expectNoSeriousA11yViolations(page);

    // A declined card: the provider's page says so and nothing is paid.
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page).toHaveURL(/\/test-provider\/checkout\/cs_test_[^/]+\/$/);
    await expect(page.getByText('Test payment provider.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment cancelled' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: /Class fees/ }).getByRole('row', { name: /Still to pay/ }),
    ).toContainText('$450.00');

    // The link a parent gets works signed out, and shows no more than the first name, school and fees.
    const parent = await browser.newContext();
    const parentPage = await parent.newPage();
    await parentPage.goto(linkUrl);
    await expect(parentPage.getByRole('heading', { level: 2, name: "Ava's class fees" })).toBeVisible();
    await expect(parentPage.getByText('Banksia Demo High School', { exact: false })).toBeVisible();
    await expect(parentPage.getByText('Nguyen')).toHaveCount(0);
    await expectNoSeriousA11yViolations(parentPage);
    await parent.close();

    // The success card: back at /fulfilment/, which waits for the webhook and then says the classes are open.
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page).toHaveURL(/\/test-provider\/checkout\/cs_test_[^/]+\/$/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page).toHaveURL(/\/fulfilment\/\?paymentLinkCode=[A-Za-z0-9_-]{32}$/);
    await expect(page.getByText('Payment received — your classes are open')).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page);

    await page.goto('/payment/');
    await expect(page.getByText('Nothing is owed for')).toBeVisible();
    await expect(
      page.getByRole('table', { name: /Class fees/ }).getByRole('row', { name: /Still to pay/ }),
    ).toContainText('$0.00');
  });

  test('content staff open the fulfilment review', async ({ page }) => {
    await signIn(page, 'content');
    await page.goto('/content/admin/fulfilment-review/');
    await expect(page.getByRole('heading', { level: 1, name: 'Fulfilment review' })).toBeVisible();
    await expect(page.getByText('Every paid checkout has been fulfilled.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
