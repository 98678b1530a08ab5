import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

// Steps the content-authoring journeys share (courses, videos, exams, activities, and the end-to-end journey).

const here = path.dirname(fileURLToPath(import.meta.url));
/** A real 24-second WebM (the demo's own video, committed with the seed). */
export const VIDEO_FILE = path.join(here, '../../apps/server/src/db/seed/media/equivalent-fractions.webm');

/** With E2E_SHOTS_DIR set, keeps a full-page picture of a page for people reviewing the change (not compared). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Chooses a file for the button with this accessible name (Mantine's FileButton opens a file chooser). */
export async function chooseFile(
  page: Page,
  button: string,
  file: string | { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

/** Picks an option of a Mantine Select by the field's accessible name. */
export async function choose(page: Page, field: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The titles of the course editor's tree, top level, in order. */
export async function topLevelTitles(page: Page): Promise<string[]> {
  return page.locator('section[aria-labelledby="course-tree-title"]').evaluate((section) => {
    const list = section.querySelector('ol');
    if (!list) return [];
    return Array.from(list.children).map((li) => li.querySelector('[data-node-title]')?.textContent?.trim() ?? '');
  });
}

/** What the course tree's drag and drop announces to screen readers (each key is pressed once it has spoken). */
export const treeAnnouncements = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * Moves a picked-up tree item to the top of its list with ArrowUp, until `announcement` is spoken. dnd-kit's keyboard
 * sensor starts listening for arrow keys a timer tick after the pick-up is announced, so on a busy machine a key
 * pressed at once is lost, as it would be for a person, who presses again when nothing moves. Only for a move to the
 * top: there a further ArrowUp moves nothing, so pressing until the move is announced is exact.
 */
export async function moveToTop(page: Page, announcement: string): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(treeAnnouncements(page)).toContainText(announcement, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Adds a question of a type to the exam editor's first section. */
export async function addQuestion(page: Page, type: string): Promise<void> {
  await page.getByRole('button', { name: 'Add a question to section 1' }).click();
  await page.getByRole('menuitem', { name: type }).click();
}

/** Waits for an autosaving editor's indicator to settle on Saved. */
export async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
}

/** Adds an Editor.js block at the end: a click below the last block gives an empty line, whose + opens the menu. */
export async function addBlock(page: Page, title: string): Promise<void> {
  const redactor = page.locator('.codex-editor__redactor');
  const area = (await redactor.boundingBox())!;
  await redactor.click({ position: { x: 40, y: area.height - 12 } });
  await page.locator('.ce-toolbar__plus').click();
  await page.locator('.ce-popover--opened').getByText(title, { exact: true }).click();
}

/** A plain PNG of `width`×`height` (light grey with a darker left half), made here so the tests need no file. */
export function png(width: number, height: number): Buffer {
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

/** Uploads a video to the library page (already open) under a title, and waits for it to be listed. */
export async function uploadVideo(page: Page, title: string, file = VIDEO_FILE): Promise<void> {
  await page.getByLabel('Title').fill(title);
  await chooseFile(page, 'Choose a file', file);
  await expect(page.getByText(`Chosen: ${path.basename(file)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(`“${title}” was uploaded.`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
}

/**
 * On a drag-and-drop image block of the activity editor: uploads a 400×200 image, draws a drop zone with the mouse
 * (value `piece-1`), then by keyboard only adds a second zone (a distractor) and a piece nudged into place.
 */
export async function drawDragAndDropImage(page: Page): Promise<void> {
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
}

/** On the activity editor: a cloze block "A triangle has {{response}} sides." with the word bank three, four. */
export async function addTriangleCloze(page: Page): Promise<void> {
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
}
