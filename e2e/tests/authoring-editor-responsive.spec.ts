import { expect, type Locator, type Page } from '@playwright/test';
import { signIn, test } from './fixtures';

/** How long the journey types; the freeze began within seconds of opening the editor. */
const TYPING_MS = 30_000;
/**
 * A fast typist's pace (about 15 keys a second). Sent back to back, with no gap at all (which no person types), a key
 * could wait for the work the one before it set off; on 2026-12-03, beside another journey on two busy cores, one key
 * of 588 took 218 ms that way.
 */
const KEY_GAP_MS = 60;
/** Longest a key may wait for the page's next frame after it was pressed. */
const KEY_BUDGET_MS = 200;
/** A key the browser has not taken after this long means the tab is frozen: fail now, not at the journey's timeout. */
const FROZEN_AFTER_MS = 5_000;

/** A typed word not shown by then (while the tab answers) is a wrong text, not a frozen tab. */
const SHOWN_WITHIN_MS = 4_000;

/** `action`, or a failure naming `what` once the tab has not answered for FROZEN_AFTER_MS. */
async function answered<T>(what: string, action: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const frozen = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The tab did not answer ${what} within ${FROZEN_AFTER_MS} ms: it is frozen`)),
      FROZEN_AFTER_MS,
    );
  });
  try {
    return await Promise.race([action, frozen]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Records, for every key pressed from now on, the time from the key event (its timeStamp, so time spent queued behind
 * other work counts) to the page's next animation frame.
 */
async function recordKeyLatencies(page: Page): Promise<void> {
  await page.evaluate(() => {
    const latencies: { key: string; ms: number }[] = [];
    (window as unknown as { __keyLatencies: typeof latencies }).__keyLatencies = latencies;
    document.addEventListener(
      'keydown',
      (event) => {
        const pressedAt = event.timeStamp;
        requestAnimationFrame(() => latencies.push({ key: event.key, ms: performance.now() - pressedAt }));
      },
      true,
    );
  });
}

/** Types `word` at the end of `field` and deletes it again, checking the field shows it in between. */
async function typeAndUndo(page: Page, field: Locator, before: string, word: string): Promise<void> {
  await answered('a click', field.click());
  await answered('End', page.keyboard.press('End'));
  await answered(`the keys of "${word}"`, page.keyboard.type(word, { delay: KEY_GAP_MS }));
  await answered('the typed word', expect(field).toHaveText(`${before}${word}`, { timeout: SHOWN_WITHIN_MS }));
  for (let i = 0; i < word.length; i++) {
    await answered('Backspace', page.keyboard.press('Backspace', { delay: KEY_GAP_MS }));
  }
  await answered('the word deleted', expect(field).toHaveText(before, { timeout: SHOWN_WITHIN_MS }));
}

test.describe('the activity editor stays responsive', () => {
  test('content staff type in a table cloze cell, a paragraph and a question of the demo activity for 30 s, each key answered within 200 ms', async ({
    page,
  }) => {
    // 30 s of typing, the sign-in and the page, and the save at the end.
    test.setTimeout(TYPING_MS + 60_000);
    await signIn(page, 'content');
    await page.goto('/content/admin/activity/edit/1/');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit activity' })).toBeVisible();
    const editor = page.getByRole('region', { name: 'Activity blocks' });
    // The demo activity's fill-in table: a cell of Editor.js's table, with the React form beside it.
    const cell = editor
      .locator('.ce-block', { has: page.locator('[data-block-type="cloze-table-text"]') })
      .locator('.tc-row')
      .nth(1)
      .locator('.tc-cell')
      .first();
    const paragraph = editor.locator('.ce-paragraph').filter({ hasText: /^Two fractions are/ });
    // The written-answer block's question: a ProseMirror editor inside an Editor.js block, the pair that froze the tab.
    const question = editor.locator('[data-block-type="rich-text"] .ProseMirror').first();
    const questionText = 'Explain in your own words why 4/6 and 2/3 are equivalent.';
    await expect(cell).toHaveText('2/5', { timeout: 15_000 });
    await expect(question).toHaveText(questionText, { timeout: 15_000 });
    const paragraphText = (await paragraph.textContent())!;

    await recordKeyLatencies(page);
    const started = Date.now();
    let rounds = 0;
    while (Date.now() - started < TYPING_MS) {
      // Each word is typed and deleted again, so the demo activity other journeys use keeps its content.
      await typeAndUndo(page, cell, '2/5', ' half');
      await typeAndUndo(page, paragraph, paragraphText, ' Always.');
      await typeAndUndo(page, question, questionText, ' Why?');
      rounds++;
    }
    const latencies = await answered(
      'reading the latencies',
      page.evaluate(() => (window as unknown as { __keyLatencies: { key: string; ms: number }[] }).__keyLatencies),
    );
    // Each round presses 39 keys (End, a word, a Backspace for each of its characters; in three fields): all measured.
    expect(latencies.length).toBeGreaterThanOrEqual(rounds * 39);
    const sorted = latencies.map((l) => l.ms).sort((a, b) => a - b);
    test.info().annotations.push({
      type: 'key latency',
      description: `${sorted.length} keys: median ${Math.round(sorted[sorted.length >> 1]!)} ms, slowest ${Math.round(sorted.at(-1)!)} ms`,
    });
    const slow = latencies.filter((l) => l.ms > KEY_BUDGET_MS).map((l) => `${l.key}: ${Math.round(l.ms)} ms`);
    expect(slow, `keys answered after more than ${KEY_BUDGET_MS} ms (of ${latencies.length})`).toEqual([]);

    // Saved as it goes: the cell, the paragraph and the question read as they did.
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 15_000 });
    const saved = await page.request.get('/api/v1/activities/activities/1/');
    const activity = (await saved.json()) as { blocks: { id: string; data: Record<string, unknown> }[] };
    const table = activity.blocks.find((b) => b.id === 'ef-table-text')!;
    expect((table.data.content as string[][])[1]![0]).toBe('2/5');
    const intro = activity.blocks.find((b) => b.id === 'ef-intro')!;
    expect(intro.data.text).toBe('Two fractions are <b>equivalent</b> when they name the same amount of a whole.');
    const explain = activity.blocks.find((b) => b.id === 'ef-explain')!;
    // The question editor keeps its text as HTML once edited.
    expect(String(explain.data.text).replace(/<[^>]+>/g, '')).toBe(questionText);
  });
});
