import { expect, type Browser, type Page } from '@playwright/test';
import { apiWriter } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, signInAs, test } from './fixtures';

// Payments staff price 9MAT1's school for the year, read who owes, and pay back what is owed in a refund run that a
// second person approves. A 9MAT1 student pays through the test provider between, so there is money to refund.

const YEAR = new Date().getFullYear();
const SCHOOL = 'Banksia Demo High School';
const PAYER = { email: 'hamish.fraser@students.banksia.test', firstName: 'Hamish' };

/** Sets the demo school's textbook-class price on the product editor; answers the price it had. */
async function setTextbookPrice(page: Page, dollars: string): Promise<string> {
  await page.goto(`/content/admin/school-class-product-editor/${YEAR}/`);
  await expect(page.getByRole('heading', { level: 1, name: `Class prices for ${YEAR}` })).toBeVisible();
  await page.getByRole('link', { name: SCHOOL }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${SCHOOL}: class prices for ${YEAR}` })).toBeVisible();
  const field = page.getByLabel('Extended with textbook');
  const before = await field.inputValue();
  await field.fill(dollars);
  await page.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Saved' })).toBeVisible();
  return before;
}

/** Sam makes a refund run holding Hamish's refund of `amount`; he cannot approve his own. Answers the run's name. */
async function createRefundRun(page: Page, amount: string): Promise<string> {
  await page.goto(`/content/admin/refund-processes/${YEAR}/`);
  await expect(page.getByRole('heading', { level: 1, name: `Refund runs for ${YEAR}` })).toBeVisible();
  await page.getByRole('button', { name: 'Create a refund run' }).click();
  const draft = page.getByRole('region', { name: /Refund run #\d+/ }).first();
  await expect(draft).toContainText('draft');
  await expect(draft.getByRole('row', { name: /Hamish Fraser/ })).toContainText(amount);
  await expect(draft).toContainText('Someone else must approve this run: you created it.');
  await expect(draft.getByRole('button', { name: /Approve run/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const heading = await draft.getByRole('heading', { level: 2 }).textContent();
  return /Refund run #\d+/.exec(heading ?? '')![0];
}

/** Lena, a second person, approves the run and sends its refunds through the provider. */
async function approveAndSend(browser: Browser, runName: string): Promise<void> {
  const second = await browser.newContext();
  const lena = await second.newPage();
  await signInAs(lena, { email: 'editor@banksia.test', firstName: 'Lena' });
  await lena.goto(`/content/admin/refund-processes/${YEAR}/`);
  const run = lena.getByRole('region', { name: runName });
  await run.getByRole('button', { name: `Approve run ${runName.replace('Refund run ', '')}` }).click();
  await expect(run).toContainText('approved by Lena Fischer');
  await run.getByRole('button', { name: 'Send refunds' }).click();
  await expect(run.getByRole('heading', { level: 2 })).toContainText('sent');
  await expect(run.getByRole('row', { name: /Hamish Fraser/ })).toContainText('succeeded');
  await expectNoSeriousA11yViolations(lena);
  await second.close();
}

test.describe('payments administration', () => {
  test('price 9MAT1, see who owes, and refund an overpayment through a run approved by a second person', async ({
    page,
    browser,
  }) => {
    // Three people, a payment through the provider's page and several accessibility scans.
    test.setTimeout(120_000);

    // Sam prices the school's textbook classes (9MAT1's feature set) at $480.00.
    await signIn(page, 'content');
    const seeded = await setTextbookPrice(page, '480.00');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: `All schools' prices for ${YEAR}` }).click();
    await expect(page.getByRole('row', { name: new RegExp(SCHOOL) })).toContainText('$480.00');
    await expectNoSeriousA11yViolations(page);

    // The students-owing report lists 9MAT1's students with the class and its fee.
    await page.getByRole('link', { name: 'Students owing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Students owing for ${YEAR}` })).toBeVisible();
    const hamish = page.getByRole('row', { name: /Hamish Fraser/ });
    await expect(hamish).toContainText('9MAT1 (Extended with textbook, $480.00)');
    await expect(hamish).toContainText('$480.00');
    await expectNoSeriousA11yViolations(page);
    // One school's report has its own address.
    await hamish.getByRole('link', { name: SCHOOL }).click();
    await expect(page).toHaveURL(new RegExp(`/content/admin/students-owing-report/${YEAR}/\\d+/$`));
    await expect(page.getByRole('row', { name: /Hamish Fraser/ })).toBeVisible();

    // Hamish pays in full with the test provider's success card.
    const student = await browser.newContext();
    const payer = await student.newPage();
    await signInAs(payer, PAYER);
    const mine = await (await payer.request.get(`/api/v1/payments/me/?calendar_year=${YEAR}`)).json();
    const code = mine.links[0].code as string;
    const started = await (await apiWriter(payer.request)).post(`/api/v1/payments/links/${code}/checkout/`, {});
    expect(started.status()).toBe(201);
    // The provider's page is at the app's public URL (its own origin, as a real provider's would be).
    await payer.goto((await started.json()).url as string);
    await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payer.getByRole('button', { name: /^Pay / }).click();
    // Access follows the webhook, which the test provider delivers in the background.
    await expect
      .poll(
        async () =>
          (await (await payer.request.get(`/api/v1/payments/me/?calendar_year=${YEAR}`)).json()).links[0].owing_cents,
        { timeout: 20_000 },
      )
      .toBe(0);
    await student.close();

    // Sam lowers the price to $400.00: Hamish paid $80.00 too much.
    await setTextbookPrice(page, '400.00');
    await page.goto(`/content/admin/refunds-owed-report/${YEAR}/`);
    await expect(page.getByRole('row', { name: /Hamish Fraser/ })).toContainText('$80.00');
    await expectNoSeriousA11yViolations(page);

    // Sam makes a refund run; he cannot approve his own.
    const runName = await createRefundRun(page, '$80.00');

    // Lena approves it and sends the refunds through the provider.
    await approveAndSend(browser, runName);

    // Nothing is owed back to Hamish any more.
    await page.goto(`/content/admin/refunds-owed-report/${YEAR}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Refunds owed for ${YEAR}` })).toBeVisible();
    await expect(page.getByRole('row', { name: /Hamish Fraser/ })).toHaveCount(0);

    // The demo's own price again, for the journeys after this one.
    await setTextbookPrice(page, seeded);
  });
  test('a school admin withdraws a student who paid: the refund owed is paid out by a run', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // Hamish paid $400.00 net in the journey above; the price is $450.00 again, so he owes $50.00.
    await signIn(page, 'teacher');
    await page.goto('/class-management/my-school/');
    await page.getByRole('button', { name: 'Students of 9MAT1' }).click();
    await page.getByRole('button', { name: 'Withdraw Hamish Fraser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw Hamish Fraser from 9MAT1?' });
    await expect(dialog).toContainText('owed back as a refund');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(page.getByText('Hamish Fraser was withdrawn from 9MAT1.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Withdraw Hamish Fraser' })).toHaveCount(0);
    await page.context().clearCookies();

    // The fee is credited: what he paid is now owed back, and a run pays it.
    await signIn(page, 'content');
    await page.goto(`/content/admin/refunds-owed-report/${YEAR}/`);
    await expect(page.getByRole('row', { name: /Hamish Fraser/ })).toContainText('$400.00');
    const runName = await createRefundRun(page, '$400.00');
    await approveAndSend(browser, runName);
    await page.goto(`/content/admin/refunds-owed-report/${YEAR}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Refunds owed for ${YEAR}` })).toBeVisible();
    await expect(page.getByRole('row', { name: /Hamish Fraser/ })).toHaveCount(0);
  });
});
