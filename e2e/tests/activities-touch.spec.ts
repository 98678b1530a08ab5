import { expect, type CDPSession, type Locator, type Page } from '@playwright/test';
import { apiWriter, lessonByTitle, me, responseUrl } from './api-helpers';
import { signIn, test } from './fixtures';

/** A touch drag from one element's centre to another's, through the browser's real touch events. */
async function touchDrag(
  page: Page,
  cdp: CDPSession,
  from: Locator,
  to: Locator,
  { holdMs, over }: { holdMs: number; over?: string },
) {
  // A swipe before this one may still be scrolling the page (momentum): positions read now would be stale by the
  // time the finger lands. Wait for the page to stand still, as a person's eye would.
  await scrollSettled(page);
  // Then bring both ends to the middle of the screen, as a person would before dragging. Merely "in view" is not
  // enough: after a long swipe a blank sat under the fixed header at the top edge, where dnd-kit scrolls the page
  // while a dragged item is held, and the target moved away from under the finger.
  await centreBetween(page, from, to);
  await scrollSettled(page);
  // Both read after all scrolling, so neither position is taken before the other moved the page.
  const start = await centre(from);
  const end = await centre(to);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const along = (i: number) => ({
    x: start.x + ((end.x - start.x) * i) / 10,
    y: start.y + ((end.y - start.y) * i) / 10,
  });
  if (holdMs === 0) {
    // A swipe: a finger's events come from the screen as it moves, not after the page has handled the one before.
    // Sent one at a time, each awaited, a busy page took longer than the 100 ms hold between the finger landing and
    // its first move, and the swipe became a drag (CI, 2026-11-28). All sent at once, they reach the page together.
    const moves = Array.from({ length: 10 }, (_, i) => along(i + 1));
    await Promise.all([
      touch('touchStart', start.x, start.y),
      ...moves.map(({ x, y }) => touch('touchMove', x, y)),
      touch('touchEnd', end.x, end.y),
    ]);
    return;
  }
  await touch('touchStart', start.x, start.y);
  // The hold before moving: dnd-kit's touch sensor starts a drag only after 100 ms without moving more than 5 px.
  await page.waitForTimeout(holdMs);
  // On a busy machine that 100 ms timer can fire later than the hold: moving before the drag has started would
  // cancel it. A person holds until the word lifts; here, until the drag's live region speaks of the held item
  // ("Picked up …", at once replaced by "… is over the word bank.").
  const dragging = page.locator('[id^="DndLiveRegion"]').filter({ hasText: /^Picked up | is (not )?over / });
  await expect(dragging).not.toHaveCount(0);
  for (let i = 1; i <= 10; i++) {
    const { x, y } = along(i);
    await touch('touchMove', x, y);
  }
  // The moves are queued faster than a busy page handles them: lifted at once, the finger can leave before the drag
  // has reached the target, and the item goes home. A person lifts once the target shows the item is over it; here,
  // once the live region says so ("0.5 is over Blank 1.").
  if (over) {
    const announced = page.locator('[id^="DndLiveRegion"]').filter({ hasText: ` is over ${over}.` });
    await expect(announced).not.toHaveCount(0);
  }
  await touch('touchEnd', end.x, end.y);
}

/** Resolves once the page's scroll position has not changed for five animation frames in a row. */
async function scrollSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        let still = 0;
        const check = () => {
          const now = window.scrollY + window.scrollX * 1e6;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 5) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

async function centreBetween(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const middle = (Math.min(a.y, b.y) + Math.max(a.y + a.height, b.y + b.height)) / 2;
  await page.evaluate((y) => window.scrollBy({ top: y - window.innerHeight / 2, behavior: 'instant' }), middle);
}

async function centre(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.use({ hasTouch: true, viewport: { width: 1024, height: 768 } });

test('a student on a tablet drags words and pieces by touch; a quick swipe does not drag', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'student');
  const ava = await me(page);
  const maths = ava.classes.find((c) => c.title === '9MAT1')!;
  const lesson = await lessonByTitle(page, maths.id, 'Converting fractions, decimals and percentages');

  // Its own activity, so no other journey's answers are in the way.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'content');
  const created = await (
    await apiWriter(staff.request)
  ).post('/api/v1/activities/activities/', {
    title: 'Touch practice',
    course_id: maths.course_id,
    lesson_id: lesson.id,
    blocks: [
      {
        id: 'words',
        type: 'cloze-paragraph-dnd',
        data: { text: 'A half is {{response}} and a quarter is {{response}}.', options: ['0.5', '0.25'] },
      },
      {
        id: 'labels',
        type: 'drag-and-drop-image',
        data: {
          image_url: '/media/demo/activities/fraction-diagram.svg',
          draggables: [{ id: 'numerator', x_position: 300, y_position: 445, width: 200, height: 50 }],
          dropzones: [{ id: 'top', x_offset: 560, y_offset: 70, width: 200, height: 50, value: 'numerator' }],
        },
      },
    ],
  });
  expect(created.status()).toBe(201);
  const activity = await created.json();
  await staffContext.close();

  await page.goto(`/class/${maths.id}/lesson/${lesson.id}/activity/${activity.id}/`);
  const cdp = await page.context().newCDPSession(page);
  const bank = page.getByRole('group', { name: 'Word bank' });

  // A quick swipe (no hold) scrolls rather than drags: nothing is placed.
  await touchDrag(page, cdp, bank.getByRole('button', { name: '0.5', exact: true }), blank(page, 1), {
    holdMs: 0,
  });
  await expect(blank(page, 1)).toBeVisible();
  await expect(bank.getByRole('button', { name: '0.5', exact: true })).toBeVisible();

  // Hold, then drag: the word lands in the blank.
  await touchDrag(page, cdp, bank.getByRole('button', { name: '0.5', exact: true }), blank(page, 1), {
    holdMs: 250,
    over: 'Blank 1',
  });
  await expect(page.getByRole('button', { name: 'Blank 1: 0.5', exact: true })).toBeVisible();
  await touchDrag(page, cdp, bank.getByRole('button', { name: '0.25', exact: true }), blank(page, 2), {
    holdMs: 250,
    over: 'Blank 2',
  });
  await expect(page.getByRole('button', { name: 'Blank 2: 0.25', exact: true })).toBeVisible();

  // The piece onto its dropzone.
  await touchDrag(
    page,
    cdp,
    page.getByRole('button', { name: 'Piece 1', exact: true }),
    page.getByRole('button', { name: 'Drop zone 1', exact: true }),
    { holdMs: 250, over: 'Drop zone 1' },
  );
  await expect(
    page.getByRole('group', { name: 'Drop zone 1' }).getByRole('button', { name: 'Piece 1', exact: true }),
  ).toBeVisible();

  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const saved = await (await page.request.get(responseUrl(activity.id, maths.id))).json();
  expect(saved.block_responses.words.response_values).toEqual(['0.5', '0.25']);
  expect(saved.block_responses.labels.draggable_to_containing_dropzone_map).toEqual({ numerator: 'top' });
});

function blank(page: Page, n: number) {
  return page.getByRole('button', { name: `Blank ${n}`, exact: true });
}
