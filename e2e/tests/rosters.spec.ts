import path from 'node:path';
import { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

// A school admin uploads the school's Edval class list (Windows-1252, CRLF, one bad row), walks the four
// reconciliation steps, applies, and finds the new classes with their students in the class editor.

const fixture = path.resolve(import.meta.dirname, '../../apps/server/src/features/rosters/fixtures/edval-journey.csv');

test.describe('school rosters', () => {
  test('an Edval upload is reviewed step by step, applied, and its classes appear with their students', async ({
    page,
  }) => {
    // Seven pages with an accessibility scan each, and a background job.
    test.setTimeout(90_000);
    await signIn(page, 'teacher');
    await page.goto('/school-uploader/');
    await expect(page.getByRole('heading', { level: 1, name: 'School roster uploaders' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Edval' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Edval upload' })).toBeVisible();
    // A school admin of one school finds it chosen.
    await expect(page.getByRole('combobox', { name: 'School' })).toHaveValue('Banksia Demo High School');
    await page.locator('input[type="file"]').setInputFiles(fixture);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Upload and check' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Uploaded' })).toBeVisible();
    await expect(page.getByText('7 rows read: 2 classes, 2 teachers, 5 students and 8 enrolments.')).toBeVisible();
    await expect(
      page.getByRole('row', { name: /edval-journey\.csv 8 student_code The student code is missing\./ }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Review the changes before applying them' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /roster$/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Start with the classes' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Classes' })).toBeVisible();
    await expect(page.getByRole('row', { name: /7SCI1 create/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Next: Teachers' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Teachers' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Rosa Perez \(RPE\) create/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Next: Students' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Students' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Zoë Chen \(70003\) create/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Next: Roles' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Step 4: Roles' })).toBeVisible();
    await expect(page.getByText('8 create')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'applied' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Roll back' })).toBeVisible();

    await page.goto('/class-management/my-school/');
    const science = page.getByRole('row', { name: /^7SCI1/ });
    await expect(science).toBeVisible();
    await page.getByRole('button', { name: 'Students of 7SCI1' }).click();
    for (const name of ['Abbott', 'Chen', 'Dias']) await expect(page.getByText(new RegExp(name)).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
