import { expect } from '@playwright/test';
import { moveToTop, shot, topLevelTitles, treeAnnouncements } from './authoring-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

test.describe('content authoring: courses and lessons', () => {
  test('content staff create a course through the wizard, add a topic and a lesson, reorder by keyboard, publish', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'content');

    await page.goto('/content/admin/');
    await expect(page.getByRole('heading', { level: 1, name: 'Content administration' })).toBeVisible();
    await expect(page.getByText(/draft courses|unpublished/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, '01-admin-home');
    await page.getByRole('link', { name: 'Create a course' }).click();

    await expect(page).toHaveURL(/\/content\/admin\/courses\/create\/$/);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Start' }).click();

    // Step 1: details. The slug follows the title; a reload keeps what was typed.
    await expect(page).toHaveURL(/\/create\/1\/$/);
    await page.getByLabel('Title').fill('Mathematics 8 (2027) journey');
    await expect(page.getByLabel('Slug')).toHaveValue('mathematics-8-2027-journey');
    await page.getByRole('combobox', { name: 'Subject' }).fill('Mathematics');
    await page.getByLabel('Year published').fill('2027');
    await page.getByLabel('Default year level').fill('Year 8');
    await page.reload();
    await expect(page.getByLabel('Title')).toHaveValue('Mathematics 8 (2027) journey');
    await expectNoSeriousA11yViolations(page);
    await shot(page, '02-wizard-details');
    await page.getByRole('button', { name: 'Next: structure' }).click();

    // Step 2: structure (empty).
    await expect(page).toHaveURL(/\/create\/2\/$/);
    await expect(page.getByRole('radio', { name: 'Empty' })).toBeChecked();
    await page.getByRole('radio', { name: 'A copy of an existing course' }).check();
    await expect(page.getByRole('combobox', { name: 'Course to copy' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, '03-wizard-structure');
    await page.getByRole('radio', { name: 'Empty' }).check();
    await page.getByRole('button', { name: 'Create the course' }).click();

    await expect(page).toHaveURL(/\/courses\/created\/\?course=\d+$/);
    await expect(page.getByRole('heading', { name: 'Mathematics 8 (2027) journey is ready' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, '04-wizard-created');
    await page.getByRole('link', { name: 'Open the course editor' }).click();

    // The course editor: add a topic and a lesson.
    await expect(page.getByRole('heading', { level: 1, name: 'Mathematics 8 (2027) journey' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a topic' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Number');
    await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('button', { name: 'Reorder Number' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a lesson' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Fractions');
    await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('button', { name: 'Reorder Fractions' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect.poll(() => topLevelTitles(page)).toEqual(['Number', 'Fractions']);
    await expectNoSeriousA11yViolations(page);

    // Reorder by keyboard: pick the lesson up with Space, move it up, drop it with Space.
    // Each key once the tree has taken the previous one, as its announcements (the live region) tell.
    const announced = treeAnnouncements(page);
    await page.getByRole('button', { name: 'Reorder Fractions' }).focus();
    await page.keyboard.press('Space');
    await expect(announced).toContainText('Fractions is now at position 2 of 2');
    await moveToTop(page, 'Fractions is now at position 1 of 2');
    await page.keyboard.press('Space');
    await expect.poll(() => topLevelTitles(page)).toEqual(['Fractions', 'Number']);
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await page.reload();
    await expect.poll(() => topLevelTitles(page)).toEqual(['Fractions', 'Number']);
    await shot(page, '05-course-editor');

    // The lesson: one part with a video, published.
    await page.getByRole('link', { name: 'Fractions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Add a part' }).click();
    await page.getByLabel('Part title').fill('Halves and quarters');
    await page.getByRole('combobox', { name: 'Video' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('switch', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Save the lesson' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'View as student' })).toBeVisible();
    await shot(page, '06-lesson-editor');

    // Back to the course: publish the topic and the course.
    await page.getByRole('link', { name: 'Mathematics 8 (2027) journey' }).click();
    await page.getByRole('button', { name: 'Actions for Number' }).click();
    await page.getByRole('menuitem', { name: 'Publish' }).click();
    await expect(
      page
        .getByTestId(/tree-node-/)
        .filter({ hasText: 'Number' })
        .getByText('Published'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Publish the course' }).click();
    await expect(page.getByRole('button', { name: 'Unpublish the course' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The course list finds it, published.
    await page.goto('/content/admin/courses/edit/?q=journey');
    const row = page.getByRole('row').filter({ hasText: 'Mathematics 8 (2027) journey' });
    await expect(row.getByText('Published')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, '07-course-list');
  });

  test('teachers get the unauthorized page on authoring pages', async ({ page }) => {
    await signIn(page, 'teacher');
    for (const path of ['/content/admin/', '/content/admin/courses/create/1/', '/content/admin/courses/edit/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'What are you doing here?' })).toBeVisible();
    }
  });
});
