import { expect } from '@playwright/test';
import { addBlock, addTriangleCloze, drawDragAndDropImage } from './authoring-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

test.describe('authoring activities', () => {
  test('content staff make an activity with a cloze block and a drag-and-drop image drawn by mouse and keyboard', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'content');
    await page.goto('/content/admin/activity/');
    await expect(page.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
    await expect(page.getByText(/\d+ activit/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'New activity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New activity' })).toBeVisible();
    await page.getByLabel('Title').fill('Triangles by e2e');
    await expect(page.locator('.ce-paragraph').first()).toBeVisible();
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Read the sentence and fill in the blank.');
    await page.keyboard.press('Enter');

    // The cloze block: text with a blank, and a word bank.
    await addTriangleCloze(page);

    await page.getByRole('button', { name: 'Create activity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit activity' })).toBeVisible();
    await expect(page).toHaveURL(/\/content\/admin\/activity\/edit\/\d+\/$/);
    const activityId = Number(/edit\/(\d+)\//.exec(page.url())![1]);

    // The drag-and-drop image block: upload the image, draw a zone with the mouse, add a piece and place it by keyboard.
    await expect(page.getByRole('region', { name: 'Fill in the blanks (word bank)' })).toBeVisible();
    await addBlock(page, 'Drag and drop onto an image');
    await drawDragAndDropImage(page);

    // Saved as it goes: the indicator settles on Saved, and the server has both blocks.
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 15_000 });
    const saved = await page.request.get(`/api/v1/activities/activities/${activityId}/`);
    const activity = (await saved.json()) as { blocks: { type: string; data: Record<string, unknown> }[] };
    expect(activity.blocks.map((b) => b.type)).toEqual(['paragraph', 'cloze-paragraph-dnd', 'drag-and-drop-image']);
    expect(activity.blocks[1]!.data).toMatchObject({
      text: 'A triangle has {{response}} sides.',
      options: ['three', 'four'],
    });
    const dndData = activity.blocks[2]!.data as { dropzones: { value: string }[]; draggables: unknown[] };
    expect(dndData.dropzones.map((z) => z.value)).toEqual(['piece-1', 'distractor']);
    expect(dndData.draggables).toEqual([{ id: 'piece-1', x_position: 40, y_position: 59, width: 119, height: 60 }]);
    await expectNoSeriousA11yViolations(page);

    // Preview in the student's own components, in each of the four modes.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByTestId('activity-preview');
    await expect(preview.getByText('Read the sentence and fill in the blank.')).toBeVisible();
    await expect(preview.getByRole('group', { name: 'Question 1' })).toBeVisible();
    await expect(
      preview.getByRole('group', { name: 'Drop zone 1' }).or(preview.getByText('Drop zone 1')).first(),
    ).toBeVisible();
    for (const mode of ['Review', 'Read-only', 'Example', 'Student']) {
      await page
        .locator('label')
        .filter({ hasText: new RegExp(`^${mode}$`) })
        .click();
      await expect(page.getByRole('radio', { name: mode })).toBeChecked();
      await expect(preview).toHaveAttribute(
        'data-mode',
        { Review: 'review', 'Read-only': 'read-only', Example: 'example', Student: 'normal' }[mode]!,
      );
    }
    await expect(preview.getByText('Fill in the blank response')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The list shows it, found by search.
    await page.getByRole('link', { name: 'All activities' }).click();
    await page.getByLabel('Search activities').fill('Triangles by e2e');
    await expect(page.getByRole('link', { name: 'Triangles by e2e' })).toBeVisible();
    await expect(page.getByText('Not used anywhere yet.')).toBeVisible();
  });

  test('clearing responses asks first and says how many students answered', async ({ page }) => {
    await signIn(page, 'content');
    await page.goto('/content/admin/activity/');
    await page.getByLabel('Search activities').fill('');
    const answered = page
      .getByRole('row')
      .filter({ hasNotText: /^Activity/ })
      .filter({ has: page.getByRole('cell') });
    await expect(answered.first()).toBeVisible();
    await answered.first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit activity' })).toBeVisible();
    await page.getByRole('button', { name: "Clear students' answers" }).click();
    const dialog = page.getByRole('dialog', { name: "Clear students' answers?" });
    await expect(dialog.getByText(/This removes the answers of \d+ students?|nothing to clear/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('teachers get the unauthorized page on the authoring pages and 403 from the authoring API', async ({ page }) => {
    await signIn(page, 'teacher');
    for (const path of [
      '/content/admin/activity/',
      '/content/admin/activity/edit/',
      '/content/admin/activity/edit/1/',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'What are you doing here?' })).toBeVisible();
    }
    expect((await page.request.get('/api/v1/activities/activities/')).status()).toBe(403);
  });
});
