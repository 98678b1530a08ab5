import { expect } from '@playwright/test';
import { apiWriter, me } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

test.describe('set-password links', () => {
  test('a student added by a class list chooses a password from the invitation in the outbox', async ({ browser }) => {
    // Three people, seven pages and five accessibility scans: longer than one page's default budget.
    test.setTimeout(120_000);
    // The teacher uploads a class list with a new student (through the API; the uploader page has its own journey).
    const teacherPage = await (await browser.newContext()).newPage();
    await signIn(teacherPage, 'teacher');
    const klass = (await me(teacherPage)).classes[0]!;
    const email = `invitee.${Date.now()}@students.banksia.test`;
    const writer = await apiWriter(teacherPage.request);
    const applied = await writer.post(`/api/v1/classes/${klass.id}/class-list/apply/`, {
      csv: `first_name,last_name,email\nIsla,Invited,${email}\n`,
    });
    expect(applied.status()).toBe(200);

    // No SMTP server here: content staff read the invitation in the outbox.
    const staff = await (await browser.newContext()).newPage();
    await signIn(staff, 'content');
    await staff.getByRole('link', { name: 'Email outbox' }).first().click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Email outbox' })).toBeVisible();
    await expect(staff.getByText('Email is not being sent')).toBeVisible();
    await staff.getByRole('searchbox', { name: 'Recipient' }).fill(email);
    await expect(staff.getByText('1 email')).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    await staff.getByRole('link', { name: 'Choose your password for Banksia' }).click();
    const preview = staff.locator('iframe[title^="The email"]');
    await expect(preview).toHaveAttribute('sandbox', '');
    await expect(staff.frameLocator('iframe[title^="The email"]').getByText('Choose my password')).toBeVisible();
    // axe cannot run inside a frame that allows no script (the email): the page is checked on the text tab.
    await staff.getByRole('tab', { name: 'Plain text' }).click();
    await expectNoSeriousA11yViolations(staff);
    const text = await staff.getByText(/\/account\/set-password\//).innerText();
    const link = new URL(/https?:\/\/\S+\/account\/set-password\/[\w-]+\//.exec(text)![0]);

    // The send job ran in the app's own process: nothing waits or failed.
    await staff.getByRole('link', { name: 'Background jobs' }).first().click();
    await expect(staff.getByRole('row', { name: /mail-send/ })).toBeVisible();
    await expect(staff.getByText('No job is waiting for a retry.')).toBeVisible();
    await expectNoSeriousA11yViolations(staff);

    // The student opens the link, signed out, and chooses a password.
    const student = await (await browser.newContext()).newPage();
    await student.goto(link.pathname);
    await expect(student.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
    await expect(student.getByText(/For the Banksia account of i\*\*\*@students\.banksia\.test/)).toBeVisible();
    await expectNoSeriousA11yViolations(student);
    await student.getByLabel('New password', { exact: true }).fill('isla chose this one');
    await student.getByLabel('Confirm new password').fill('isla chose this one');
    await student.getByRole('button', { name: 'Set my password' }).click();
    await expect(student.getByRole('heading', { level: 1, name: 'Welcome, Isla' })).toBeVisible();

    // The link works once.
    await student.goto(link.pathname);
    await expect(student.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await expect(student.getByText('This link has already been used.', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(student);
  });

  test('"Forgot password?" on the sign-in page answers without saying whether the account exists', async ({ page }) => {
    await page.goto('/account/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill('nobody.here@banksia.test');
    await page.getByLabel('Email').press('Enter');
    await expect(page.getByText('Check your email')).toBeVisible();
    await expect(page.getByText(/If an account uses this email address/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
