import { expect } from '@playwright/test';
import { responseUrl } from './api-helpers';
import { expectNoSeriousA11yViolations, test } from './fixtures';
import {
  FRACTIONS,
  PARTS,
  EXPLAIN_MOUSE,
  EXPLAIN_KEYS,
  DESCRIBE_MOUSE,
  DESCRIBE_KEYS,
  WRONG_TYPE,
  TOO_LARGE,
  PDF,
  worked,
  tooBig,
  disguised,
  openAs,
  freshStudent,
  serverResponse,
  saved,
  fractionsBlocks,
  piece,
  zone,
  zoneButton,
  tray,
  trayButton,
  canvasGroup,
  fileLink,
  imagesLoaded,
  canvasLoaded,
  inkOnCanvas,
  dragTo,
  tabTo,
  tabAndPlace,
  pressOn,
  expectFractionsAnswersShown,
  expectFractionsAnswersStored,
  expectPartsAnswersShown,
  expectPartsAnswersStored,
  showAvasAnswers,
  expectTeacherSeesFractions,
  expectTeacherSeesParts,
  closeAll,
  type ActivityRef,
} from './activities-helpers';

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
