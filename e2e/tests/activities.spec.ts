import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { lessonByTitle, me, responseUrl } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

/**
 * Activities tried as a new user would: the demo student answers every block type (the two demo activities hold
 * one of each) with the mouse, then, answers cleared, with the keyboard only. A reload keeps everything, the
 * teacher's class view shows the answers within 5 s without reloading, and uploads the spec refuses are refused by
 * the browser and by the server with the spec's messages.
 */

const FRACTIONS = { lesson: 'Equivalent fractions', activity: 'Equivalent fractions: fill the gaps' };
const PARTS = { lesson: 'Simplifying fractions', activity: 'Parts of a fraction' };

const EXPLAIN_MOUSE = 'Both are two thirds: divide the top and bottom of 4/6 by 2.';
const EXPLAIN_KEYS = 'Typed with keys only: 4/6 simplifies to 2/3.';
const DESCRIBE_MOUSE = 'The half bar is as long as the two quarter bars.';
const DESCRIBE_KEYS = 'Keyboard answer: one half covers two quarters.';

const WRONG_TYPE = 'You can upload the following file types: .doc, .docx, .pdf and image files.';
const TOO_LARGE = 'The maximum size allowed for file uploads is 30MB.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const worked = { name: 'worked.pdf', mimeType: 'application/pdf', buffer: PDF };
/** One byte over the 30MB (30,000,000 bytes) limit. */
const tooBig = () => ({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(30_000_001, 0x25) });
/** Text dressed up as a PDF: the browser takes it on its name, the server looks at its bytes. */
const disguised = { name: 'answers.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text\n') };

// ---------------------------------------------------------------------------------------------------------------
// Finding things

interface ActivityRef {
  classId: number;
  lessonId: number;
  activityId: number;
  path: string;
}

interface Journey {
  fractions: ActivityRef;
  parts: ActivityRef;
}

/** The two demo activities in the student's maths class. */
async function findActivities(page: Page): Promise<Journey> {
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
const VIEWPORT = { width: 1280, height: 1300 };

/** A signed-in user in a browser context of their own. */
async function openAs(browser: Browser, role: 'student' | 'teacher' | 'content') {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await signIn(page, role);
  return { context, page };
}

/** Content staff clear every student's answers to both activities, so the student starts afresh. */
async function clearAnswers(browser: Browser, journey: Journey) {
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
async function freshStudent(browser: Browser) {
  const student = await openAs(browser, 'student');
  const journey = await findActivities(student.page);
  await clearAnswers(browser, journey);
  return { ...student, journey };
}

type StoredResponse = { id: number; block_responses: Record<string, Record<string, unknown>> };

/** The student's response as the server has it. */
async function serverResponse(page: Page, ref: ActivityRef): Promise<StoredResponse> {
  const response = await page.request.get(responseUrl(ref.activityId, ref.classId));
  expect(response.ok()).toBe(true);
  return response.json();
}

const saved = (page: Page) => page.getByText('Saved', { exact: true });

/** One block's drag-and-drop area (the app marks each block's own), found by text in it. */
const dragArea = (page: Page, text: string) => page.locator('[data-drag-area]').filter({ hasText: text });

/** The blocks of 'Equivalent fractions: fill the gaps' that take answers. */
function fractionsBlocks(page: Page) {
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

const piece = (page: Page, n: number) => page.getByRole('button', { name: `Piece ${n}`, exact: true });
const zone = (page: Page, n: number) => page.getByRole('group', { name: `Drop zone ${n}`, exact: true });
const zoneButton = (page: Page, n: number) => zone(page, n).getByRole('button', { name: `Drop zone ${n}` });
const tray = (page: Page) => page.getByRole('group', { name: 'Pieces', exact: true });
const trayButton = (page: Page) => tray(page).getByRole('button', { name: 'Pieces', exact: true });
const canvasGroup = (page: Page) => page.getByRole('group', { name: 'Drawing canvas' });
const fileLink = (page: Page) => page.getByRole('button', { name: /^worked\.pdf \(\d+ bytes\)$/ });

/** Waits for the page's images, so the drop zones on them have stopped moving before a drag starts. */
async function imagesLoaded(page: Page) {
  await expect(zone(page, 3)).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0)))
    .toBe(true);
}

/** Waits for Excalidraw (loaded lazily) to have drawn its canvas. */
async function canvasLoaded(page: Page) {
  await expect(canvasGroup(page).locator('canvas').first()).toBeVisible({ timeout: 30_000 });
}

/** How many pixels of the drawing's canvas are not white: none on an empty canvas. */
function inkOnCanvas(page: Page): Promise<number> {
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

async function centreOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

const DROP_CLICK_GUARD_MS = 100;

/**
 * A real mouse drag: press on the source, move past dnd-kit's activation distance, glide over the target in
 * several steps and let go there. Source and target are first scrolled to either side of the middle of the window,
 * clear of the edges where dnd-kit would scroll the page under the pointer.
 */
async function dragTo(page: Page, source: Locator, target: Locator) {
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

const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab, or Shift+Tab when the target comes before the focused element, until the target has focus: proof
 * that it can be reached from the keyboard.
 */
async function tabTo(page: Page, target: Locator, max = 80) {
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
async function tabAndPlace(page: Page, item: Locator, target: Locator) {
  await tabTo(page, item);
  await page.keyboard.press('Enter');
  await expect(item).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Focuses an element without the mouse and presses a key on it. */
async function pressOn(page: Page, target: Locator, key = 'Enter') {
  await target.focus();
  await page.keyboard.press(key);
}

// ---------------------------------------------------------------------------------------------------------------
// What the student, the server and the teacher should see

async function expectFractionsAnswersShown(page: Page, explain: string) {
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

async function expectFractionsAnswersStored(page: Page, ref: ActivityRef, explain: string) {
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

async function expectPartsAnswersShown(page: Page, describe: string) {
  await expect(zone(page, 1).getByRole('button', { name: 'Piece 2', exact: true })).toBeVisible();
  await expect(zone(page, 2).getByRole('button', { name: 'Piece 3', exact: true })).toBeVisible();
  await expect(zone(page, 3).getByRole('button', { name: 'Piece 1', exact: true })).toBeVisible();
  await expect(tray(page)).toContainText('Every piece has been placed.');
  await expect(page.getByRole('textbox', { name: 'Your answer' })).toContainText(describe);
  await expect(fileLink(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace file' })).toBeVisible();
}

async function expectPartsAnswersStored(page: Page, ref: ActivityRef, describe: string) {
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
async function showAvasAnswers(teacher: Page, ref: ActivityRef) {
  await teacher.goto(ref.path);
  await expect(teacher.getByRole('radio', { name: "Students' answers" })).toBeChecked();
  await teacher.getByRole('table', { name: "Students' answers" }).getByRole('button', { name: 'Ava Nguyen' }).click();
  await expect(teacher.getByRole('heading', { name: "Ava Nguyen's answers" })).toBeVisible();
}

/**
 * Timeouts that together end 6 s after 'Saved' shows for the student's last change ('Saved' waits half a second
 * after the save): the teacher's list is fetched every 5 s, and the view is never reloaded.
 */
function withinFiveSecondsOfTheSave() {
  const deadline = Date.now() + 6_000;
  return () => ({ timeout: Math.max(1, deadline - Date.now()) });
}

async function expectTeacherSeesFractions(teacher: Page, explain: string) {
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

async function expectTeacherSeesParts(teacher: Page, describe: string, { drawing }: { drawing: boolean }) {
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

async function closeAll(...contexts: BrowserContext[]) {
  for (const context of contexts) await context.close();
}

// ---------------------------------------------------------------------------------------------------------------

test.describe('a student answers an activity of every block type, and the teacher follows', () => {
  test('with the mouse: kept across a reload, and seen by the teacher within 5 s', async ({ browser }) => {
    test.setTimeout(150_000);
    const { context, page, journey } = await freshStudent(browser);
    // The teacher is already watching the class's answers to the first activity.
    const teacher = await openAs(browser, 'teacher');
    await showAvasAnswers(teacher.page, journey.fractions);
    await expect(teacher.page.getByRole('region', { name: "Ava Nguyen's answers" })).toContainText('Not started yet.');

    // The student opens the activity from the lesson, as a new user would.
    await page.goto(`/class/${journey.fractions.classId}/lesson/${journey.fractions.lessonId}/1/`);
    await page.getByRole('link', { name: `Activity: ${FRACTIONS.activity}` }).click();
    await expect(page).toHaveURL(new RegExp(`${journey.fractions.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: FRACTIONS.activity })).toBeVisible();
    const b = fractionsBlocks(page);

    // Fill in the blanks by dragging words, with the spec's rules along the way.
    await dragTo(page, b.word('total'), b.blank(1));
    await expect(b.blank(1, 'total')).toBeVisible();
    await expect(b.word('total')).toHaveCount(0);
    // Dropped on a filled blank, a word takes its place, and the word that was there goes back to the bank.
    await dragTo(page, b.word('numerator'), b.blank(1, 'total'));
    await expect(b.blank(1, 'numerator')).toBeVisible();
    await expect(b.word('total')).toBeVisible();
    // Dragged from one blank to another, a word moves.
    await dragTo(page, b.word('denominator'), b.blank(3));
    await dragTo(page, b.blank(3, 'denominator'), b.blank(2));
    await expect(b.blank(2, 'denominator')).toBeVisible();
    await expect(b.blank(3)).toBeVisible();
    // Dragged to the word bank, a placed word leaves its blank empty.
    await dragTo(page, b.word('factor'), b.blank(3));
    await expect(b.blank(3, 'factor')).toBeVisible();
    await dragTo(page, b.blank(3, 'factor'), b.bank);
    await expect(b.blank(3)).toBeVisible();
    await expect(b.word('factor')).toBeVisible();
    await dragTo(page, b.word('factor'), b.blank(3));
    await expect(b.blank(3, 'factor')).toBeVisible();

    // Fill in the blanks by typing, in a paragraph and in a table.
    await b.typedBlank(1).click();
    await page.keyboard.type('two');
    await b.typedBlank(2).click();
    await page.keyboard.type('six');
    await b.tableTextBlank(1).click();
    await page.keyboard.type('6/15');
    await b.tableTextBlank(2).click();
    await page.keyboard.type('6/14');

    // Fill in the table by dragging words into cells that each hold a list; a word's remove button takes it out.
    await dragTo(page, b.tableWord('2/6'), b.cell(1));
    await dragTo(page, b.tableWord('6/15'), b.cell(1));
    await b.remove('6/15', 1).click();
    await expect(b.tableWord('6/15')).toBeVisible();
    await expect(b.remove('6/15', 1)).toHaveCount(0);
    await dragTo(page, b.tableWord('4/12'), b.cell(1));
    await dragTo(page, b.tableWord('4/10'), b.cell(2));
    await dragTo(page, b.tableWord('6/15'), b.cell(2));

    // A written answer.
    await b.explain.click();
    await page.keyboard.type(EXPLAIN_MOUSE);
    await expect(saved(page)).toBeVisible();

    await expectTeacherSeesFractions(teacher.page, EXPLAIN_MOUSE);
    await expectFractionsAnswersStored(page, journey.fractions, EXPLAIN_MOUSE);
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: FRACTIONS.activity })).toBeVisible();
    await expectFractionsAnswersShown(page, EXPLAIN_MOUSE);

    // The second activity, which the teacher opens first.
    await showAvasAnswers(teacher.page, journey.parts);
    await page.goto(journey.parts.path);
    await expect(page.getByRole('heading', { level: 1, name: PARTS.activity })).toBeVisible();
    await imagesLoaded(page);

    // Drag the labels onto the image. A piece dropped on the tray comes off the image: its entry leaves the map.
    await dragTo(page, piece(page, 1), zone(page, 1));
    await expect(zone(page, 1).getByRole('button', { name: 'Piece 1', exact: true })).toBeVisible();
    await expect(saved(page)).toBeVisible();
    expect((await serverResponse(page, journey.parts)).block_responses['pf-labels']).toEqual({
      draggable_to_containing_dropzone_map: { denominator: 'box-top' },
    });
    await dragTo(page, zone(page, 1).getByRole('button', { name: 'Piece 1', exact: true }), tray(page));
    await expect(tray(page).getByRole('button', { name: 'Piece 1', exact: true })).toBeVisible();
    await expect(saved(page)).toBeVisible();
    expect((await serverResponse(page, journey.parts)).block_responses['pf-labels']).toEqual({
      draggable_to_containing_dropzone_map: {},
    });
    await dragTo(page, piece(page, 2), zone(page, 1));
    await dragTo(page, piece(page, 3), zone(page, 2));
    await dragTo(page, piece(page, 1), zone(page, 3));
    await expect(tray(page)).toContainText('Every piece has been placed.');

    // Draw a rectangle with the rectangle tool.
    await canvasLoaded(page);
    expect(await inkOnCanvas(page)).toBe(0);
    await canvasGroup(page)
      .getByTitle(/^Rectangle/)
      .click();
    const area = (await canvasGroup(page).boundingBox())!;
    await page.mouse.move(area.x + 200, area.y + 150);
    await page.mouse.down();
    await page.mouse.move(area.x + 420, area.y + 280, { steps: 10 });
    await page.mouse.up();
    await expect
      .poll(async () => {
        const drawing = (await serverResponse(page, journey.parts)).block_responses['pf-drawing'];
        return String(drawing?.submitted_drawing_svg ?? '').slice(0, 4);
      })
      .toBe('<svg');

    // A written answer, and a file.
    await page.getByRole('textbox', { name: 'Your answer' }).click();
    await page.keyboard.type(DESCRIBE_MOUSE);
    await page.getByLabel('Select a file to upload').setInputFiles(worked);
    await expect(page.getByText('Your file has been uploaded.')).toBeVisible();
    await expect(fileLink(page)).toBeVisible();
    await expect(saved(page)).toBeVisible();

    await expectTeacherSeesParts(teacher.page, DESCRIBE_MOUSE, { drawing: true });
    await expectPartsAnswersStored(page, journey.parts, DESCRIBE_MOUSE);
    const drawing = (await serverResponse(page, journey.parts)).block_responses['pf-drawing']!;
    expect(String(drawing.submitted_drawing_svg)).toMatch(/^<svg/);
    expect(drawing.submitted_drawing_json).toMatchObject({
      type: 'excalidraw',
      elements: [expect.objectContaining({ type: 'rectangle' })],
    });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: PARTS.activity })).toBeVisible();
    await expectPartsAnswersShown(page, DESCRIBE_MOUSE);
    // The rectangle is drawn again on the reloaded canvas.
    await canvasLoaded(page);
    await expect.poll(() => inkOnCanvas(page)).toBeGreaterThan(100);
    await expect(page.getByText("We put back answers from this browser that hadn't reached Banksia yet.")).toHaveCount(
      0,
    );

    await closeAll(context, teacher.context);
  });

  test('with the keyboard only: kept across a reload, and seen by the teacher within 5 s', async ({ browser }) => {
    test.setTimeout(150_000);
    const { context, page, journey } = await freshStudent(browser);
    const teacher = await openAs(browser, 'teacher');
    await showAvasAnswers(teacher.page, journey.fractions);

    // From the lesson, the activity's link is reached with Tab and followed with Enter.
    await page.goto(`/class/${journey.fractions.classId}/lesson/${journey.fractions.lessonId}/1/`);
    const link = page.getByRole('link', { name: `Activity: ${FRACTIONS.activity}` });
    await expect(link).toBeVisible();
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${journey.fractions.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: FRACTIONS.activity })).toBeVisible();
    const b = fractionsBlocks(page);
    await expect(b.explain).toBeVisible();

    // The word bank's cloze by Tab and Enter alone, from the top of the page. Focus follows each word it places.
    await tabAndPlace(page, b.word('total'), b.blank(1));
    await expect(b.blank(1, 'total')).toBeFocused();
    // Placed on a filled blank, a word takes its place and the other goes back to the bank.
    await tabAndPlace(page, b.word('numerator'), b.blank(1, 'total'));
    await expect(b.blank(1, 'numerator')).toBeFocused();
    await expect(b.word('total')).toBeVisible();
    // A placed word is picked up by pressing its blank, and moved by pressing another blank.
    await tabAndPlace(page, b.word('denominator'), b.blank(3));
    await tabAndPlace(page, b.blank(3, 'denominator'), b.blank(2));
    await expect(b.blank(2, 'denominator')).toBeFocused();
    await expect(b.blank(3)).toBeVisible();
    // Put back with the Word bank button, the blank is empty again.
    await tabAndPlace(page, b.word('factor'), b.blank(3));
    await tabAndPlace(page, b.blank(3, 'factor'), b.bankButton);
    await expect(b.blank(3)).toBeVisible();
    await expect(b.word('factor')).toBeVisible();
    // The arrow keys jump between the blanks: from the bank, Left is the last blank.
    await tabTo(page, b.word('factor'));
    await page.keyboard.press('Enter');
    await expect(b.word('factor')).toHaveAttribute('aria-pressed', 'true');
    // The arrows move the word once the drag has begun, which a screen reader announces ("Picked up word factor.", at
    // once replaced by where it is over). dnd-kit starts listening for keys a moment after the pick-up, so an arrow
    // pressed before that announcement could be lost, for a user as for this journey.
    await expect(
      page
        .locator('[id^="DndLiveRegion"]')
        .filter({ hasText: /^Picked up word factor\.|^Word factor is (not )?over / }),
    ).toHaveCount(1);
    await page.keyboard.press('ArrowLeft');
    await expect(b.blank(3)).toHaveAttribute('data-over', 'true');
    await page.keyboard.press('Enter');
    await expect(b.blank(3, 'factor')).toBeFocused();

    // Typed blanks, reached with Tab.
    await tabTo(page, b.typedBlank(1));
    await page.keyboard.type('two');
    await page.keyboard.press('Tab');
    await expect(b.typedBlank(2)).toBeFocused();
    await page.keyboard.type('six');
    await tabTo(page, b.tableTextBlank(1));
    await page.keyboard.type('6/15');
    await page.keyboard.press('Tab');
    await expect(b.tableTextBlank(2)).toBeFocused();
    await page.keyboard.type('6/14');

    // The table's word bank: a picked-up word goes into a cell with the cell's button; Remove takes it out again.
    await tabAndPlace(page, b.tableWord('2/6'), b.cellButton(1));
    await tabAndPlace(page, b.tableWord('6/15'), b.cellButton(1));
    await expect(b.remove('6/15', 1)).toBeVisible();
    await tabTo(page, b.remove('6/15', 1));
    await page.keyboard.press('Enter');
    await expect(b.remove('6/15', 1)).toHaveCount(0);
    await expect(b.cellButton(1)).toBeFocused();
    await tabAndPlace(page, b.tableWord('4/12'), b.cellButton(1));
    await tabAndPlace(page, b.tableWord('4/10'), b.cellButton(2));
    await tabAndPlace(page, b.tableWord('6/15'), b.cellButton(2));

    await tabTo(page, b.explain);
    await page.keyboard.type(EXPLAIN_KEYS);
    await expect(saved(page)).toBeVisible();

    await expectTeacherSeesFractions(teacher.page, EXPLAIN_KEYS);
    await expectFractionsAnswersStored(page, journey.fractions, EXPLAIN_KEYS);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: FRACTIONS.activity })).toBeVisible();
    await expectFractionsAnswersShown(page, EXPLAIN_KEYS);

    // The second activity.
    await showAvasAnswers(teacher.page, journey.parts);
    await page.goto(journey.parts.path);
    await expect(page.getByRole('heading', { level: 1, name: PARTS.activity })).toBeVisible();
    await imagesLoaded(page);

    // Pieces onto drop zones; the Pieces button takes a placed piece back off the image.
    await tabAndPlace(page, piece(page, 1), zoneButton(page, 1));
    await expect(zone(page, 1).getByRole('button', { name: 'Piece 1', exact: true })).toBeVisible();
    await tabAndPlace(page, zone(page, 1).getByRole('button', { name: 'Piece 1', exact: true }), trayButton(page));
    await expect(tray(page).getByRole('button', { name: 'Piece 1', exact: true })).toBeVisible();
    await expect(saved(page)).toBeVisible();
    expect((await serverResponse(page, journey.parts)).block_responses['pf-labels']).toEqual({
      draggable_to_containing_dropzone_map: {},
    });
    await tabAndPlace(page, piece(page, 2), zoneButton(page, 1));
    await tabAndPlace(page, piece(page, 3), zoneButton(page, 2));
    await tabAndPlace(page, piece(page, 1), zoneButton(page, 3));
    await expect(tray(page)).toContainText('Every piece has been placed.');

    // Excalidraw draws with a pointer only: there is no way to make a shape from the keyboard. What a keyboard user
    // needs is that the canvas does not trap them: Tab goes into its tools and out again to the next block.
    await canvasLoaded(page);
    const tool = canvasGroup(page).getByRole('radio', { name: 'Selection' });
    await tabTo(page, tool);
    const answer = page.getByRole('textbox', { name: 'Your answer' });
    await tabTo(page, answer);
    await page.keyboard.type(DESCRIBE_KEYS);

    // The file button opens the file chooser from the keyboard. Playwright starts catching file choosers when the
    // page first has a listener for them, by a message of its own to the browser; the listener is set before the
    // tabbing, so that message has long been answered when Enter opens the chooser, however slow the machine.
    const chooser = page.waitForEvent('filechooser', { timeout: 30_000 });
    const select = page.getByRole('button', { name: 'Select a file to upload' });
    await tabTo(page, select);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(worked);
    await expect(page.getByText('Your file has been uploaded.')).toBeVisible();
    await expect(fileLink(page)).toBeVisible();
    await expect(saved(page)).toBeVisible();

    await expectTeacherSeesParts(teacher.page, DESCRIBE_KEYS, { drawing: false });
    await expectPartsAnswersStored(page, journey.parts, DESCRIBE_KEYS);
    expect((await serverResponse(page, journey.parts)).block_responses['pf-drawing']).toBeUndefined();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: PARTS.activity })).toBeVisible();
    await expectPartsAnswersShown(page, DESCRIBE_KEYS);
    // The file link opens the file from the keyboard too: a fresh signed address in a new tab.
    const tab = context.waitForEvent('page');
    await pressOn(page, fileLink(page));
    const fileUrl = (await tab).url();
    expect(fileUrl).toContain('worked.pdf');
    expect(await (await page.request.get(fileUrl)).body()).toEqual(PDF);

    await closeAll(context, teacher.context);
  });

  test('uploads that are too big or of the wrong type are refused, in the browser and by the server', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, page, journey } = await freshStudent(browser);
    await page.goto(journey.parts.path);
    await expect(page.getByRole('heading', { level: 1, name: PARTS.activity })).toBeVisible();
    const input = page.getByLabel('Select a file to upload');
    const alert = page.getByRole('alert');

    // Refused in the browser, before anything is sent.
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/upload-file/')) uploads += 1;
    });
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('my notes') });
    await expect(alert).toContainText(WRONG_TYPE);
    await input.setInputFiles(tooBig());
    await expect(alert).toContainText(TOO_LARGE);
    await expect(alert).not.toContainText(WRONG_TYPE);
    expect(uploads).toBe(0);

    // A text file named .pdf gets past the browser; the server looks at its bytes and refuses it.
    await input.setInputFiles(disguised);
    await expect(alert).toContainText(WRONG_TYPE);
    expect(uploads).toBe(1);
    await expect(page.getByRole('button', { name: 'Select a file to upload' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Replace file' })).toHaveCount(0);

    // Sent straight to the API, the server refuses both with the same messages.
    const { id: responseId } = await serverResponse(page, journey.parts);
    const { csrf_token: token } = await (await page.request.get('/api/v1/csrf/')).json();
    const upload = (file: { name: string; mimeType: string; buffer: Buffer }) =>
      page.request.post(`/api/v1/activities/activity_responses/${responseId}/block/pf-upload/upload-file/`, {
        multipart: { file },
        headers: { 'X-CSRFToken': token as string },
      });
    const wrongType = await upload(disguised);
    expect(wrongType.status()).toBe(400);
    expect((await wrongType.json()).detail).toBe(WRONG_TYPE);
    const tooLarge = await upload(tooBig());
    expect(tooLarge.status()).toBe(413);
    expect((await tooLarge.json()).detail).toBe(TOO_LARGE);
    expect((await serverResponse(page, journey.parts)).block_responses['pf-upload']?.file_key).toBeUndefined();

    // A real PDF is taken, by the API as by the page.
    const accepted = await upload(worked);
    expect(accepted.status()).toBe(200);
    expect((await serverResponse(page, journey.parts)).block_responses['pf-upload']).toMatchObject({
      fileName: 'worked.pdf',
    });

    await context.close();
  });

  test('axe finds no serious or critical violations on the student page and the teacher view', async ({ browser }) => {
    test.setTimeout(90_000);
    const { context, page, journey } = await freshStudent(browser);
    // Every block answered, through the API (the two journeys above answer them in the browser).
    const { csrf_token: token } = await (await page.request.get('/api/v1/csrf/')).json();
    const headers = { 'X-CSRFToken': token as string };
    const answer = async (ref: ActivityRef, blockResponses: Record<string, unknown>) => {
      const { version } = await (await page.request.get(responseUrl(ref.activityId, ref.classId))).json();
      const put = await page.request.put(responseUrl(ref.activityId, ref.classId), {
        data: { block_responses: blockResponses, version },
        headers,
      });
      expect(put.status()).toBe(200);
    };
    await answer(journey.fractions, {
      'ef-cloze-dnd': { response_values: ['numerator', 'denominator', 'factor'] },
      'ef-cloze-input': { response_values: ['two', 'six'] },
      'ef-table-text': { response_values: ['6/15', '6/14'] },
      'ef-table-dnd': {
        response_values: [
          ['2/6', '4/12'],
          ['4/10', '6/15'],
        ],
      },
      'ef-explain': { student_response: `<p>${EXPLAIN_MOUSE}</p>` },
    });
    await answer(journey.parts, {
      'pf-labels': {
        draggable_to_containing_dropzone_map: { numerator: 'box-top', bar: 'box-middle', denominator: 'box-bottom' },
      },
      'pf-drawing': {
        submitted_drawing_svg:
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><rect x="5" y="5" width="90" height="40" ' +
          'fill="none" stroke="#1e1e1e"/></svg>',
        submitted_drawing_json: { type: 'excalidraw', version: 2, elements: [], files: {} },
      },
      'pf-describe': { student_response: `<p>${DESCRIBE_MOUSE}</p>` },
    });
    const { id: responseId } = await serverResponse(page, journey.parts);
    const uploaded = await page.request.post(
      `/api/v1/activities/activity_responses/${responseId}/block/pf-upload/upload-file/`,
      { multipart: { file: worked }, headers },
    );
    expect(uploaded.status()).toBe(200);

    // The student's page, the drawing canvas loaded.
    await page.goto(journey.parts.path);
    await expect(page.getByRole('heading', { level: 1, name: PARTS.activity })).toBeVisible();
    await imagesLoaded(page);
    await canvasLoaded(page);
    await expect(fileLink(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The teacher's view of each activity, with Ava's answers open.
    const teacher = await openAs(browser, 'teacher');
    await showAvasAnswers(teacher.page, journey.fractions);
    await expect(teacher.page.getByRole('row', { name: /Ava Nguyen/ })).toContainText('5 of 5');
    await expectNoSeriousA11yViolations(teacher.page);
    await showAvasAnswers(teacher.page, journey.parts);
    await expect(teacher.page.getByRole('region', { name: 'Drawing response' })).toBeVisible();
    await expect(teacher.page.getByRole('row', { name: /Ava Nguyen/ })).toContainText('4 of 4');
    await expectNoSeriousA11yViolations(teacher.page);

    await closeAll(context, teacher.context);
  });
});
