import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

/** A plain PNG of `width`×`height` (light grey with a darker left half), made here so the test needs no file. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.fill(x < width / 2 ? 0xb0 : 0xe8, 1 + x * 3, 4 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Adds a block at the end: a click below the last block gives an empty line, whose + opens the block menu. */
async function addBlock(page: Page, title: string) {
  const redactor = page.locator('.codex-editor__redactor');
  const area = (await redactor.boundingBox())!;
  await redactor.click({ position: { x: 40, y: area.height - 12 } });
  await page.locator('.ce-toolbar__plus').click();
  await page.locator('.ce-popover--opened').getByText(title, { exact: true }).click();
}

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
    await addBlock(page, 'Fill in the blanks (word bank)');
    const cloze = page.getByRole('region', { name: 'Fill in the blanks (word bank)' });
    await cloze.getByLabel('Text with blanks').fill('A triangle has ');
    await cloze.getByRole('button', { name: 'Insert blank' }).click();
    await cloze.getByLabel('Text with blanks').press('End');
    await cloze.getByLabel('Text with blanks').pressSequentially(' sides.');
    await expect(cloze.getByText('1 blank')).toBeVisible();
    await cloze.getByLabel('Word bank').fill('three');
    await cloze.getByLabel('Word bank').press('Enter');
    await cloze.getByLabel('Word bank').fill('four');
    await cloze.getByLabel('Word bank').press('Enter');

    await page.getByRole('button', { name: 'Create activity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit activity' })).toBeVisible();
    await expect(page).toHaveURL(/\/content\/admin\/activity\/edit\/\d+\/$/);
    const activityId = Number(/edit\/(\d+)\//.exec(page.url())![1]);

    // The drag-and-drop image block: upload the image, draw a zone with the mouse, add a piece and place it by keyboard.
    await expect(page.getByRole('region', { name: 'Fill in the blanks (word bank)' })).toBeVisible();
    await addBlock(page, 'Drag and drop onto an image');
    const dnd = page.getByRole('region', { name: 'Drag and drop onto an image' });
    const chooser = page.waitForEvent('filechooser');
    await dnd.getByRole('button', { name: 'Upload image' }).click();
    await (await chooser).setFiles({ name: 'triangle.png', mimeType: 'image/png', buffer: png(400, 200) });
    const area = dnd.getByTestId('dnd-image-area');
    await expect(area.locator('img')).toBeVisible();
    await expect(dnd.getByRole('button', { name: 'Add piece' })).toBeEnabled();

    const box = (await area.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.4, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.6, { steps: 5 });
    await page.mouse.up();
    await expect(dnd.getByRole('button', { name: /^Drop zone 1, at / })).toBeVisible();
    await dnd.getByLabel('Drop zone 1 value').fill('piece-1');

    // Keyboard only: add a drop zone and a piece, and nudge the piece into place with the arrow keys.
    await dnd.getByRole('button', { name: 'Add drop zone' }).press('Enter');
    const zone2 = dnd.getByRole('button', { name: /^Drop zone 2, at / });
    await expect(zone2).toBeFocused();
    await page.keyboard.press('Shift+ArrowDown');
    await dnd.getByLabel('Drop zone 2 value').fill('distractor');
    await dnd.getByRole('button', { name: 'Add piece' }).press('Enter');
    const piece = dnd.getByRole('button', { name: /^Piece 1, at / });
    await expect(piece).toBeFocused();
    await expect(piece).toHaveAccessibleName('Piece 1, at 140, 70, 120 by 60 pixels');
    for (let i = 0; i < 10; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect(piece).toHaveAccessibleName('Piece 1, at 40, 59, 119 by 60 pixels');

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
