// What the activity journeys share: the demo activities, sign-ins, and how to drag, type and check answers.
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { lessonByTitle, me, responseUrl } from './api-helpers';
import { signIn } from './fixtures';

/**
 * Activities tried as a new user would: the demo student answers every block type (the two demo activities hold
 * one of each) with the mouse, then, answers cleared, with the keyboard only. A reload keeps everything, the
 * teacher's class view shows the answers within 5 s without reloading, and uploads the spec refuses are refused by
 * the browser and by the server with the spec's messages.
 */

export const FRACTIONS = { lesson: 'Equivalent fractions', activity: 'Equivalent fractions: fill the gaps' };
export const PARTS = { lesson: 'Simplifying fractions', activity: 'Parts of a fraction' };

export const EXPLAIN_MOUSE = 'Both are two thirds: divide the top and bottom of 4/6 by 2.';
export const EXPLAIN_KEYS = 'Typed with keys only: 4/6 simplifies to 2/3.';
export const DESCRIBE_MOUSE = 'The half bar is as long as the two quarter bars.';
export const DESCRIBE_KEYS = 'Keyboard answer: one half covers two quarters.';

export const WRONG_TYPE = 'You can upload the following file types: .doc, .docx, .pdf and image files.';
export const TOO_LARGE = 'The maximum size allowed for file uploads is 30MB.';
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const worked = { name: 'worked.pdf', mimeType: 'application/pdf', buffer: PDF };
/** One byte over the 30MB (30,000,000 bytes) limit. */
export const tooBig = () => ({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(30_000_001, 0x25) });
/** Text dressed up as a PDF: the browser takes it on its name, the server looks at its bytes. */
export const disguised = { name: 'answers.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text\n') };

// ---------------------------------------------------------------------------------------------------------------
// Finding things

export interface ActivityRef {
  classId: number;
  lessonId: number;
  activityId: number;
  path: string;
}

export interface Journey {
  fractions: ActivityRef;
  parts: ActivityRef;
}

/** The two demo activities in the student's maths class. */
export async function findActivities(page: Page): Promise<Journey> {
  const maths = (await me(page)).classes.find((c) => c.title === '9MAT1')!;
  const find = async ({ lesson: title, activity: name }: { lesson: string; activity: string }) => {
    const lesson = await lessonByTitle(page, maths.id, title);
    const activity = lesson.activities.find((a) => a.title === name);
    expect(activity, `activity ${name}`).toBeTruthy();
    return {
      classId: maths.id,
      lessonId: lesson.id,
      activityId: activity!.id,
      path: `/class/${maths.id}/lesson/${lesson.id}/activity/${activity!.id}/`,
    };
  };
  return { fractions: await find(FRACTIONS), parts: await find(PARTS) };
}

// A tall window: the image with its drop zones and the tray of pieces fit in it together, clear of the edges where
// dnd-kit scrolls the page during a drag.
export const VIEWPORT = { width: 1280, height: 1300 };

/** A signed-in user in a browser context of their own. */
export async function openAs(browser: Browser, role: 'student' | 'teacher' | 'content') {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await signIn(page, role);
  return { context, page };
}

/** Content staff clear every student's answers to both activities, so the student starts afresh. */
export async function clearAnswers(browser: Browser, journey: Journey) {
  const { context, page } = await openAs(browser, 'content');
  const { csrf_token: token } = await (await page.request.get('/api/v1/csrf/')).json();
  for (const { activityId } of [journey.fractions, journey.parts]) {
    const cleared = await page.request.delete(`/api/v1/activities/activities/${activityId}/activity_responses/`, {
      headers: { 'X-CSRFToken': token as string },
    });
    expect(cleared.status()).toBe(204);
  }
  await context.close();
}

/** The student, signed in, with both activities found and their answers cleared. */
export async function freshStudent(browser: Browser) {
  const student = await openAs(browser, 'student');
  const journey = await findActivities(student.page);
  await clearAnswers(browser, journey);
  return { ...student, journey };
}

export type StoredResponse = { id: number; block_responses: Record<string, Record<string, unknown>> };

/** The student's response as the server has it. */
export async function serverResponse(page: Page, ref: ActivityRef): Promise<StoredResponse> {
  const response = await page.request.get(responseUrl(ref.activityId, ref.classId));
  expect(response.ok()).toBe(true);
  return response.json();
}

export const saved = (page: Page) => page.getByText('Saved', { exact: true });

/** One block's drag-and-drop area (the app marks each block's own), found by text in it. */
export const dragArea = (page: Page, text: string) => page.locator('[data-drag-area]').filter({ hasText: text });

/** The blocks of 'Equivalent fractions: fill the gaps' that take answers. */
export function fractionsBlocks(page: Page) {
  const paragraphDnd = dragArea(page, 'To make an equivalent fraction');
  const tableText = page.getByRole('table').filter({ hasText: 'Multiply both by' });
  const tableDnd = dragArea(page, 'Equivalent to it');
  const bank = paragraphDnd.getByRole('group', { name: 'Word bank' });
  const tableBank = tableDnd.getByRole('group', { name: 'Word bank' });
  return {
    /** A word in the paragraph's word bank. */
    word: (word: string) => bank.getByRole('button', { name: word, exact: true }),
    bank,
    bankButton: bank.getByRole('button', { name: 'Word bank', exact: true }),
    /** A blank of the paragraph, empty or holding the word. */
    blank: (n: number, word?: string) =>
      paragraphDnd.getByRole('button', { name: word ? `Blank ${n}: ${word}` : `Blank ${n}`, exact: true }),
    // The typed paragraph comes before the typed table, which has its own blanks named the same.
    typedBlank: (n: number) => page.getByRole('textbox', { name: `Blank ${n}`, exact: true }).first(),
    tableTextBlank: (n: number) => tableText.getByRole('textbox', { name: `Blank ${n}`, exact: true }),
    tableWord: (word: string) => tableBank.getByRole('button', { name: word, exact: true }),
    tableBank,
    /** A table blank: a group of the words in it, with a button to place a picked-up word. */
    cell: (n: number) => tableDnd.getByRole('group', { name: `Blank ${n}`, exact: true }),
    cellButton: (n: number) =>
      tableDnd
        .getByRole('group', { name: `Blank ${n}`, exact: true })
        .getByRole('button', { name: `Blank ${n}`, exact: true }),
    remove: (word: string, n: number) => tableDnd.getByRole('button', { name: `Remove ${word} from blank ${n}` }),
    explain: page.getByRole('textbox', { name: 'Your answer' }),
  };
}

export const piece = (page: Page, n: number) => page.getByRole('button', { name: `Piece ${n}`, exact: true });
export const zone = (page: Page, n: number) => page.getByRole('group', { name: `Drop zone ${n}`, exact: true });
export const zoneButton = (page: Page, n: number) => zone(page, n).getByRole('button', { name: `Drop zone ${n}` });
export const tray = (page: Page) => page.getByRole('group', { name: 'Pieces', exact: true });
export const trayButton = (page: Page) => tray(page).getByRole('button', { name: 'Pieces', exact: true });
export const canvasGroup = (page: Page) => page.getByRole('group', { name: 'Drawing canvas' });
export const fileLink = (page: Page) => page.getByRole('button', { name: /^worked\.pdf \(\d+ bytes\)$/ });

/** Waits for the page's images, so the drop zones on them have stopped moving before a drag starts. */
export async function imagesLoaded(page: Page) {
  await expect(zone(page, 3)).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0)))
    .toBe(true);
}

/** Waits for Excalidraw (loaded lazily) to have drawn its canvas. */
export async function canvasLoaded(page: Page) {
  await expect(canvasGroup(page).locator('canvas').first()).toBeVisible({ timeout: 30_000 });
}

/** How many pixels of the drawing's canvas are not white: none on an empty canvas. */
export function inkOnCanvas(page: Page): Promise<number> {
  return canvasGroup(page)
    .locator('canvas.static')
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 160 && data[i + 1]! < 160 && data[i + 2]! < 160) ink++;
      return ink;
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Mouse and keyboard

export async function centreOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

export const DROP_CLICK_GUARD_MS = 100;

/**
 * A real mouse drag: press on the source, move past dnd-kit's activation distance, glide over the target in
 * several steps and let go there. Source and target are first scrolled to either side of the middle of the window,
 * clear of the edges where dnd-kit would scroll the page under the pointer.
 */
export async function dragTo(page: Page, source: Locator, target: Locator) {
  await source.scrollIntoViewIfNeeded();
  const middle = ((await centreOf(source)).y + (await centreOf(target)).y) / 2;
  await page.evaluate((by) => window.scrollBy(0, by), middle - VIEWPORT.height / 2);
  const from = await centreOf(source);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 8, { steps: 4 });
  const to = await centreOf(target);
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.move(to.x + 1, to.y + 1, { steps: 2 });
  await page.mouse.up();
  // dnd-kit swallows any click in the 50 ms after a drop (the click that ends a drag must not press a button); a
  // person cannot click that fast, but the next step of this test can.
  await page.waitForTimeout(DROP_CLICK_GUARD_MS);
}

export const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab, or Shift+Tab when the target comes before the focused element, until the target has focus: proof
 * that it can be reached from the keyboard.
 */
export async function tabTo(page: Page, target: Locator, max = 80) {
  const back = await target.evaluate((element) => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return false;
    return Boolean(focused.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING);
  });
  for (let presses = 0; presses < max && !(await hasFocus(target)); presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses`).toBeFocused({ timeout: 1 });
}

/**
 * Keyboard pick-and-place, reaching both ends with Tab: Enter on the item picks it up (it shows as pressed), Enter
 * on the target puts it there.
 */
export async function tabAndPlace(page: Page, item: Locator, target: Locator) {
  await tabTo(page, item);
  await page.keyboard.press('Enter');
  await expect(item).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Focuses an element without the mouse and presses a key on it. */
export async function pressOn(page: Page, target: Locator, key = 'Enter') {
  await target.focus();
  await page.keyboard.press(key);
}

// ---------------------------------------------------------------------------------------------------------------
// What the student, the server and the teacher should see

export async function expectFractionsAnswersShown(page: Page, explain: string) {
  const b = fractionsBlocks(page);
  await expect(b.blank(1, 'numerator')).toBeVisible();
  await expect(b.blank(2, 'denominator')).toBeVisible();
  await expect(b.blank(3, 'factor')).toBeVisible();
  await expect(b.bank.getByRole('button')).toHaveText(['Word bank', 'total']);
  await expect(b.typedBlank(1)).toHaveValue('two');
  await expect(b.typedBlank(2)).toHaveValue('six');
  await expect(b.tableTextBlank(1)).toHaveValue('6/15');
  await expect(b.tableTextBlank(2)).toHaveValue('6/14');
  await expect(b.cell(1).getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await expect(b.remove('2/6', 1)).toBeVisible();
  await expect(b.remove('4/12', 1)).toBeVisible();
  await expect(b.remove('4/10', 2)).toBeVisible();
  await expect(b.remove('6/15', 2)).toBeVisible();
  await expect(b.tableBank).toContainText('Every word has been placed.');
  await expect(b.explain).toContainText(explain);
}

export async function expectFractionsAnswersStored(page: Page, ref: ActivityRef, explain: string) {
  const { block_responses: stored } = await serverResponse(page, ref);
  expect(stored['ef-cloze-dnd']?.response_values).toEqual(['numerator', 'denominator', 'factor']);
  expect(stored['ef-cloze-input']?.response_values).toEqual(['two', 'six']);
  expect(stored['ef-table-text']?.response_values).toEqual(['6/15', '6/14']);
  expect(stored['ef-table-dnd']?.response_values).toEqual([
    ['2/6', '4/12'],
    ['4/10', '6/15'],
  ]);
  expect(stored['ef-explain']?.student_response).toContain(explain);
}

export async function expectPartsAnswersShown(page: Page, describe: string) {
  await expect(zone(page, 1).getByRole('button', { name: 'Piece 2', exact: true })).toBeVisible();
  await expect(zone(page, 2).getByRole('button', { name: 'Piece 3', exact: true })).toBeVisible();
  await expect(zone(page, 3).getByRole('button', { name: 'Piece 1', exact: true })).toBeVisible();
  await expect(tray(page)).toContainText('Every piece has been placed.');
  await expect(page.getByRole('textbox', { name: 'Your answer' })).toContainText(describe);
  await expect(fileLink(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace file' })).toBeVisible();
}

export async function expectPartsAnswersStored(page: Page, ref: ActivityRef, describe: string) {
  const { block_responses: stored } = await serverResponse(page, ref);
  expect(stored['pf-labels']?.draggable_to_containing_dropzone_map).toEqual({
    numerator: 'box-top',
    bar: 'box-middle',
    denominator: 'box-bottom',
  });
  expect(stored['pf-describe']?.student_response).toContain(describe);
  expect(stored['pf-upload']).toMatchObject({ fileName: 'worked.pdf', size: PDF.length, type: 'application/pdf' });
  expect(stored['pf-upload']?.file_key).toEqual(expect.any(String));
}

/** The teacher's class view of an activity, with Ava's answers open. */
export async function showAvasAnswers(teacher: Page, ref: ActivityRef) {
  await teacher.goto(ref.path);
  await expect(teacher.getByRole('radio', { name: "Students' answers" })).toBeChecked();
  await teacher.getByRole('table', { name: "Students' answers" }).getByRole('button', { name: 'Ava Nguyen' }).click();
  await expect(teacher.getByRole('heading', { name: "Ava Nguyen's answers" })).toBeVisible();
}

/**
 * Timeouts that together end 6 s after 'Saved' shows for the student's last change ('Saved' waits half a second
 * after the save): the teacher's list is fetched every 5 s, and the view is never reloaded.
 */
export function withinFiveSecondsOfTheSave() {
  const deadline = Date.now() + 6_000;
  return () => ({ timeout: Math.max(1, deadline - Date.now()) });
}

export async function expectTeacherSeesFractions(teacher: Page, explain: string) {
  const within = withinFiveSecondsOfTheSave();
  const answers = teacher.getByRole('region', { name: "Ava Nguyen's answers" });
  await expect(answers.getByRole('region', { name: 'Text response' })).toContainText(explain, within());
  await expect(teacher.getByRole('row', { name: /Ava Nguyen/ })).toContainText('5 of 5', within());
  const blanks = answers.getByRole('region', { name: 'Fill in the blank response' });
  await expect(blanks.nth(0)).toContainText(/numerator.*denominator.*factor/, within());
  await expect(blanks.nth(1)).toContainText(/two.*six/, within());
  const tables = answers.getByRole('region', { name: 'Fill in the table response' });
  await expect(tables.nth(0)).toContainText(/6\/15.*6\/14/, within());
  await expect(tables.nth(1)).toContainText(/2\/6, 4\/12.*4\/10, 6\/15/, within());
}

export async function expectTeacherSeesParts(teacher: Page, describe: string, { drawing }: { drawing: boolean }) {
  const within = withinFiveSecondsOfTheSave();
  const answers = teacher.getByRole('region', { name: "Ava Nguyen's answers" });
  await expect(answers.getByRole('region', { name: 'Text response' })).toContainText(describe, within());
  await expect(teacher.getByRole('row', { name: /Ava Nguyen/ })).toContainText(drawing ? '4 of 4' : '3 of 4', within());
  const labels = answers.getByRole('region', { name: 'Drag and drop image response' });
  for (const [zoneNumber, pieceNumber] of [
    [1, 2],
    [2, 3],
    [3, 1],
  ]) {
    const placed = labels.getByRole('group', { name: `Drop zone ${zoneNumber}` });
    await expect(placed.getByRole('img', { name: `Piece ${pieceNumber}` })).toBeVisible(within());
  }
  const upload = answers.getByRole('region', { name: 'File upload submission' });
  await expect(upload.getByRole('button', { name: /^worked\.pdf \(/ })).toBeVisible(within());
  const drawingRegion = answers.getByRole('region', { name: 'Drawing response' });
  if (drawing) await expect(drawingRegion.getByRole('img', { name: 'Student drawing' })).toBeVisible(within());
  else await expect(drawingRegion).toContainText('No drawing.', within());
}

export async function closeAll(...contexts: BrowserContext[]) {
  for (const context of contexts) await context.close();
}

// ---------------------------------------------------------------------------------------------------------------
