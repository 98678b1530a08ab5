import { expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

// Content staff read the two staff reports from their home page: the profiles without a school email (and fix a
// school's domains from the keyboard), and the teacher trial leads, each with its CSV download.

test.describe('staff reports', () => {
  test('profiles without a school email: listed per school, fixed by setting the domains, downloaded as CSV', async ({
    page,
  }) => {
    // Two pages, a download and two accessibility scans: longer than one page's default budget.
    test.setTimeout(60_000);
    await signIn(page, 'content');
    await page.getByRole('link', { name: 'Profiles without a school email' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profiles without a school email' })).toBeVisible();

    // The demo's second school uses test addresses, not its own domain.
    const wattle = page
      .getByRole('heading', { level: 2, name: 'Wattle Creek College' })
      .locator('xpath=ancestor::div[contains(@class, "Paper")][1]');
    await expect(wattle.getByRole('row', { name: /Harris, Tom/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFSchool,School email domains,Profile id,Kind,First name,Last name,Email,Problem',
    );
    expect(csv).toContain('Wattle Creek College,wattlecreek.vic.edu.au,');
    expect(csv).toContain(',student,Tom,Harris,student@wattle.test,Not at the school domain');

    // Staff add the domain the accounts really use, from the keyboard.
    await page.getByRole('button', { name: 'Edit the email domains of Wattle Creek College' }).click();
    await page.getByPlaceholder('school.vic.edu.au').fill('wattle.test');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save domains' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/All \d+ profiles use the school's domains/).first()).toBeVisible();
    await expect(page.getByRole('row', { name: /Harris, Tom/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a school time zone: searched for, chosen and saved beside its domains', async ({ page }) => {
    await signIn(page, 'content');
    await page.getByRole('link', { name: 'Profiles without a school email' }).click();
    const wattle = page
      .getByRole('heading', { level: 2, name: 'Wattle Creek College' })
      .locator('xpath=ancestor::div[contains(@class, "Paper")][1]');
    await expect(wattle.getByText('Australia/Sydney', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Edit the time zone of Wattle Creek College' }).click();
    const zone = page.getByRole('combobox', { name: 'Time zone of Wattle Creek College' });
    await zone.fill('Perth');
    await page.getByRole('option', { name: 'Australia/Perth' }).click();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await expect(wattle.getByText('Australia/Perth', { exact: true })).toBeVisible();

    // Back to the demo's zone, so other journeys on this app see the seeded school.
    await page.getByRole('button', { name: 'Edit the time zone of Wattle Creek College' }).click();
    await page.getByRole('combobox', { name: 'Time zone of Wattle Creek College' }).fill('Australia/Sydney');
    await page.getByRole('option', { name: 'Australia/Sydney' }).click();
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await expect(wattle.getByText('Australia/Sydney', { exact: true })).toBeVisible();
  });

  test('teacher trial leads: the demo trial with its use, by year', async ({ page }) => {
    await signIn(page, 'content');
    await page.getByRole('link', { name: 'Teacher trial leads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Teacher trial leads' })).toBeVisible();
    const trial = page.getByRole('row', { name: /10SCI Teacher trial/ });
    await expect(trial).toBeVisible();
    await expect(trial).toContainText('Priya Sharma');
    await expectNoSeriousA11yViolations(page);

    // A year without trials says so.
    // The label names the input and its list of years: the input is the first.
    await page.getByLabel('Calendar year').first().click();
    await page.getByRole('option', { name: '2021' }).click();
    await expect(page.getByText('No teacher trials in 2021.')).toBeVisible();
    await expect(page).toHaveURL(/\?year=2021$/);
  });
});
