import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { lessonByTitle, me, responseUrl } from './api-helpers';
import { signIn, test } from './fixtures';

const BLOCK = 'ef-explain';

/** The fractions activity in the student's maths class. */
async function fractionsActivity(page: Page) {
  const ava = await me(page);
  const maths = ava.classes.find((c) => c.title === '9MAT1')!;
  const lesson = await lessonByTitle(page, maths.id, 'Equivalent fractions');
  const activity = lesson.activities.find((a) => a.title === 'Equivalent fractions: fill the gaps')!;
  return {
    classId: maths.id,
    activityId: activity.id,
    path: `/class/${maths.id}/lesson/${lesson.id}/activity/${activity.id}/`,
  };
}

/** The rich-text answer as the server has it, read with the page's session (outside the page's network). */
async function serverAnswer(page: Page, origin: string, activityId: number, classId: number): Promise<string> {
  const response = await page.request.get(`${origin}${responseUrl(activityId, classId)}`);
  const body = await response.json();
  return body.block_responses?.[BLOCK]?.student_response ?? '';
}

async function typeAtEnd(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Your answer' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

test.describe('activity autosave never loses an answer', () => {
  test('typed while the network is down: kept in the browser, even with the tab closed, and sent when it is back', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'student');
    const { classId, activityId, path: activityPath } = await fractionsActivity(page);
    const origin = new URL(page.url()).origin;
    await page.goto(activityPath);
    await expect(page.getByRole('textbox', { name: 'Your answer' })).toBeVisible();

    await typeAtEnd(page, 'Acknowledged first.');
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    expect(await serverAnswer(page, origin, activityId, classId)).toContain('Acknowledged first.');

    // The connection drops while the student types: the change waits in local storage.
    await context.setOffline(true);
    await typeAtEnd(page, ' Typed offline.');
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('activity-draft')).length))
      .toBe(1);
    await expect(page.getByText("Couldn't save")).toBeVisible({ timeout: 30_000 });
    await context.setOffline(false);
    // Back online, it is sent without the student doing anything.
    await expect
      .poll(() => serverAnswer(page, origin, activityId, classId), { timeout: 30_000 })
      .toContain('Typed offline.');
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();

    // The connection drops again and the student closes the tab before anything got through: the answer waits in
    // this browser, is put back when the activity is opened again, and sent.
    await context.setOffline(true);
    await typeAtEnd(page, ' Only in this browser.');
    await expect
      .poll(() => page.evaluate(() => Object.values(localStorage).join('')))
      .toContain('Only in this browser.');
    await page.close();
    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto(activityPath);
    await expect(again.getByText('Changes you had not saved on this device were put back.')).toBeVisible();
    await expect(again.getByRole('textbox', { name: 'Your answer' })).toContainText('Only in this browser.');
    await expect
      .poll(() => serverAnswer(again, origin, activityId, classId), { timeout: 30_000 })
      .toContain('Only in this browser.');
    await expect(again.getByText('Saved', { exact: true })).toBeVisible();
    const final = await serverAnswer(again, origin, activityId, classId);
    expect(final).toContain('Acknowledged first.');
    expect(final).toContain('Typed offline.');
  });

  test('two tabs cannot silently overwrite each other', async ({ page, context }) => {
    test.setTimeout(60_000);
    await signIn(page, 'student');
    const { classId, activityId, path: activityPath } = await fractionsActivity(page);
    const origin = new URL(page.url()).origin;
    await page.goto(activityPath);
    const other = await context.newPage();
    await other.goto(activityPath);
    await expect(other.getByRole('textbox', { name: 'Your answer' })).toBeVisible();

    await typeAtEnd(page, ' From the first tab.');
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    // The second tab still edits the version it opened: its save is refused, and it says so.
    await typeAtEnd(other, ' From the second tab.');
    await expect(other.getByText('These answers were changed somewhere else')).toBeVisible();
    expect(await serverAnswer(page, origin, activityId, classId)).not.toContain('From the second tab.');
    // The student keeps the second tab's answers knowingly; only then do they replace the first tab's.
    await other.getByRole('button', { name: 'Keep my version' }).click();
    await expect.poll(() => serverAnswer(page, origin, activityId, classId)).toContain('From the second tab.');
    await expect(other.getByText('Saved', { exact: true })).toBeVisible();
  });

  test('typed while the server process is killed: re-sent once it is started again', async ({ page, app }) => {
    test.setTimeout(180_000);
    const { dataDir, dbPort, extraPort: port } = app;
    const password = readFileSync(path.join(dataDir, 'postgres', 'password'), 'utf8').trim();
    const origin = `http://127.0.0.1:${port}`;
    // A second app server on the same database and data folder: sessions and CSRF secrets are shared with the
    // main one, so the page moves over signed in, and this one can be killed without stopping the database.
    // The compiled server, as `npm start` and the journeys' own servers run it.
    const main = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
    const startServer = async (): Promise<ChildProcess> => {
      const child = spawn(process.execPath, [main], {
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: `postgres://postgres:${password}@127.0.0.1:${dbPort}/postgres`,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
      await expect
        .poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
        .toBe(200);
      return child;
    };

    let server = await startServer();
    try {
      await signIn(page, 'student');
      const { classId, activityId, path: activityPath } = await fractionsActivity(page);
      await page.goto(`${origin}${activityPath}`);
      await expect(page.getByRole('textbox', { name: 'Your answer' })).toBeVisible();
      await typeAtEnd(page, ' Before the crash.');
      await expect(page.getByText('Saved', { exact: true })).toBeVisible();

      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      await typeAtEnd(page, ' While the server was down.');
      await expect(page.getByText("Couldn't save")).toBeVisible({ timeout: 60_000 });

      server = await startServer();
      // No further typing: the autosave's retry timer sends the waiting change.
      await expect
        .poll(() => serverAnswer(page, origin, activityId, classId), { timeout: 90_000 })
        .toContain('While the server was down.');
      expect(await serverAnswer(page, origin, activityId, classId)).toContain('Before the crash.');
      await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    } finally {
      server.kill('SIGTERM');
    }
  });
});
