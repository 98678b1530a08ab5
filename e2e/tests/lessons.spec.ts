import { expect, type Page } from '@playwright/test';
import { lessonByTitle, me } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

async function lessonIdByTitle(page: Page, classId: number, title: string): Promise<number> {
  return (await lessonByTitle(page, classId, title)).id;
}

test.describe('the chunk player, notes and the course jumper', () => {
  test('student: the video plays with captions; parts, notes and progress are kept across a reload', async ({
    page,
  }) => {
    await signIn(page, 'student');
    const ava = await me(page);
    const maths = ava.classes.find((c) => c.title === '9MAT1')!;

    // The real video plays, with its English caption track showing.
    const fractions = await lessonIdByTitle(page, maths.id, 'Equivalent fractions');
    await page.goto(`/class/${maths.id}/lesson/${fractions}/1/`);
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
    const captions = await video.evaluate((v: HTMLVideoElement) => {
      const track = v.textTracks[0];
      return { mode: track?.mode, language: track?.language, cues: track?.cues?.length ?? 0 };
    });
    expect(captions).toMatchObject({ mode: 'showing', language: 'en' });
    expect(captions.cues).toBeGreaterThan(0);
    await video.evaluate((v: HTMLVideoElement) => v.pause());

    // Move through a lesson's parts with the buttons and with the keyboard.
    const simplifying = await lessonIdByTitle(page, maths.id, 'Simplifying fractions');
    await page.goto(`/class/${maths.id}/lesson/${simplifying}/1/`);
    await expect(page.getByText('Part 1 of 2')).toBeVisible();
    await page.getByRole('link', { name: 'Next part' }).click();
    await expect(page).toHaveURL(new RegExp(`/lesson/${simplifying}/2/$`));
    await expect(page.getByText('Part 2 of 2')).toBeVisible();
    await page.keyboard.press('[');
    await expect(page).toHaveURL(new RegExp(`/lesson/${simplifying}/1/$`));
    await page.getByRole('link', { name: 'Next part' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/lesson/${simplifying}/2/$`));
    await expectNoSeriousA11yViolations(page);

    // Notes: typed, saved automatically, still there after a reload.
    const profileId = ava.profiles.find((p) => p.kind === 'student')!.profile_id;
    await page.goto(`/class/${maths.id}/lesson/${simplifying}/notes/${profileId}/`);
    const editor = page.getByRole('textbox', { name: 'Lesson notes' });
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.type('Divide the top and the bottom by the highest common factor.');
    await expect(page.getByRole('status').getByText('Saved')).toBeVisible({ timeout: 10_000 });
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Lesson notes' })).toContainText('highest common factor');

    // Progress: the parts opened are counted on the course page after a reload.
    await page.goto(`/class/${maths.id}/course/`);
    const opened = page.getByRole('progressbar', { name: 'Lesson parts opened' });
    await expect(opened).toBeVisible();
    await expect.poll(async () => Number(await opened.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  });

  test('a student cannot read another student’s notes or progress', async ({ page }) => {
    await signIn(page, 'teacher');
    const priya = await me(page);
    const maths = priya.classes.find((c) => c.title === '9MAT1')!;
    const detail = await (await page.request.get(`/api/v1/classes/${maths.id}/`)).json();
    const other = (detail.enrolments as { profile: { id: number; user: number; name: string } }[]).find(
      (e) => e.profile.name === 'Oliver Bennett',
    )!.profile;
    const lesson = await lessonIdByTitle(page, maths.id, 'Equivalent fractions');

    await page.goto('/account/logout/');
    // The page shows once the sign-out request has finished; leaving earlier would cancel it.
    await expect(page.getByRole('heading', { level: 1, name: 'You have signed out' })).toBeVisible();
    await signIn(page, 'student');
    const progress = await page.request.get(`/api/v1/classes/${maths.id}/users/${other.user}/progress/`);
    expect(progress.status()).toBe(403);
    const notes = await page.request.get(`/api/v1/classes/${maths.id}/lessons/${lesson}/notes/${other.id}/`);
    expect(notes.status()).toBe(403);
    const classProgress = await page.request.get(`/api/v1/classes/${maths.id}/progress/`);
    expect(classProgress.status()).toBe(403);
  });

  test('alt+j jumps to another course from the keyboard', async ({ page }) => {
    await signIn(page, 'student');
    await page.keyboard.press('Alt+j');
    await expect(page.locator('input:focus')).toHaveAttribute('aria-label', 'Jump to course');
    await page.keyboard.type('English');
    // The list fills once the student's courses have arrived; choose only when the course is offered, as a person
    // would (CI saw Enter pressed on a list still empty on a slow machine).
    await expect(page.getByRole('option', { name: /Year 11 English Advanced/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/course\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Year 11 English Advanced' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a demo lesson works signed out and sends nothing to record', async ({ page }) => {
    await signIn(page, 'student');
    const maths = (await me(page)).classes.find((c) => c.title === '9MAT1')!;
    const fractions = await lessonIdByTitle(page, maths.id, 'Equivalent fractions');
    await page.context().clearCookies();

    const writes: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' && url.pathname.startsWith('/api/') && url.pathname !== '/api/v1/analytics/') {
        writes.push(`${request.method()} ${url.pathname}`);
      }
    });
    await page.goto(`/demo/lesson/${fractions}/`);
    await expect(page.getByText('Demo lesson — nothing you do here is saved.')).toBeVisible();
    const video = page.locator('video');
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await page.goto('/account/');
    expect(writes).toEqual([]);
  });
});
