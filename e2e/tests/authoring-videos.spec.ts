import { expect } from '@playwright/test';
import { lessonByTitle, me } from './api-helpers';
import { chooseFile, shot, treeAnnouncements, VIDEO_FILE } from './authoring-helpers';
import { expectNoSeriousA11yViolations, signIn, signInAs, test } from './fixtures';

// Content staff upload a video to the library, play it in a lesson part, upload its captions (a broken file first),
// send them for review; a second staff member approves them; the student then sees the video with those captions.

const BROKEN_VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.00\nImagery and tone\n';
const GOOD_VTT =
  'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nJourney captions: imagery and tone\n\n00:00:04.000 --> 00:00:09.000\nA second line\n';

test.describe('videos and captions', () => {
  test('staff upload a video, use it in a lesson, caption it; a second person approves; the student sees captions', async ({
    page,
  }) => {
    // Seven pages with accessibility scans, an upload and three sign-ins.
    test.setTimeout(120_000);
    await signIn(page, 'content');
    await page.goto('/content/admin/');
    await page.getByRole('link', { name: 'Videos', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Upload: the duration is read in the browser, the file goes up in chunks with a progress bar.
    await page.getByLabel('Title').fill('Journey clip (draft)');
    await chooseFile(page, 'Choose a file', VIDEO_FILE);
    await expect(page.getByText('Chosen: equivalent-fractions.webm')).toBeVisible();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('“Journey clip (draft)” was uploaded.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
    await page.getByRole('button', { name: 'Rename Journey clip (draft)' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename the video' });
    await renameDialog.getByLabel('Title').fill('Journey clip');
    await renameDialog.getByRole('button', { name: 'Rename' }).click();
    await expect(renameDialog).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: 'Journey clip' });
    await expect(row).toContainText('0:24');
    await expect(row).toContainText('Not used');
    await expect(row).toContainText('No captions');
    await page.getByLabel('Search videos').fill('journey');
    await expect(page.getByRole('row')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'videos-01-library');

    // A lesson part plays it: the English course's poetry lesson.
    await page.goto('/content/admin/courses/edit/?q=English');
    await page.getByRole('link', { name: 'Year 11 English Advanced' }).click();
    // The lesson moves from Module B into Module A by keyboard: up over Module B's row, then up among Module A's items.
    // Each key once the tree has taken the previous one, as its announcements (the live region) tell.
    const announced = treeAnnouncements(page);
    await page.getByRole('button', { name: 'Reorder Close reading of poetry' }).focus();
    await page.keyboard.press('Space');
    await expect(announced).toContainText('Close reading of poetry is now at position 1 of 1 in Module B');
    await page.keyboard.press('ArrowUp');
    await expect(announced).not.toContainText('in Module B');
    await page.keyboard.press('ArrowUp');
    await expect(announced).toContainText('would move into Module A');
    await page.keyboard.press('Space');
    const moduleA = page.getByRole('group', { name: 'In Module A: Textual conversations' });
    await expect(moduleA.getByRole('link', { name: 'Close reading of poetry' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Close reading of poetry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Close reading of poetry' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Video' }).click();
    await page.getByRole('combobox', { name: 'Video' }).fill('Journey clip');
    await page.getByRole('option', { name: /Journey clip/ }).click();
    await page.getByRole('button', { name: 'Save the lesson' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    // The library now says where it is used, and that it cannot be deleted.
    await page.goto('/content/admin/videos/?q=journey');
    await expect(page.getByRole('row').filter({ hasText: 'Journey clip' })).toContainText('Close reading of poetry');
    await page.getByRole('button', { name: 'Delete Journey clip' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(/This video is used by a published lesson: Close reading of poetry/)).toBeVisible();

    // Captions: the course's videos, a broken file refused with its line, then a good one sent for review.
    await page.goto('/content/admin/');
    await page.getByRole('link', { name: 'Captions', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Captions' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Year 11 English Advanced' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Captions: Year 11 English Advanced' })).toBeVisible();
    await chooseFile(page, 'Upload captions for Journey clip', {
      name: 'journey.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from(BROKEN_VTT),
    });
    await expect(page.getByText('Line 3: Milliseconds must be given in three digits.')).toBeVisible();
    await chooseFile(page, 'Upload captions for Journey clip', {
      name: 'journey.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from(GOOD_VTT),
    });
    const captionRow = page.getByRole('row').filter({ hasText: 'Journey clip' });
    await expect(captionRow.getByText('Draft')).toBeVisible();
    await expect(captionRow).toContainText('2 captions, by Sam Okafor');
    // The editor shows the captions beside the video.
    await page.getByRole('button', { name: 'Edit captions of Journey clip' }).click();
    await expect(page.getByRole('heading', { name: 'Edit captions: Journey clip' })).toBeVisible();
    await expect(page.getByLabel('Caption 1 text')).toHaveValue('Journey captions: imagery and tone');
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'videos-02-caption-editor');
    await page.getByRole('button', { name: 'Close the editor' }).click();
    await page.getByRole('button', { name: 'Send captions of Journey clip for review' }).click();
    await expect(captionRow.getByText('In review')).toBeVisible();

    // The author cannot approve their own captions.
    await page.goto('/content/admin/captions/review/');
    await expect(page.getByRole('heading', { level: 1, name: 'Review captions' })).toBeVisible();
    await page.getByRole('link', { name: 'Year 11 English Advanced' }).click();
    await expect(page.getByText('You wrote these captions')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();

    // A second content author approves them.
    await page.context().clearCookies();
    await signInAs(page, { email: 'editor@banksia.test', firstName: 'Lena' });
    await page.goto('/content/admin/');
    await expect(page.getByText('1 caption to review')).toBeVisible();
    await page.getByRole('link', { name: 'Review captions' }).click();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Year 11 English Advanced' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Review captions: Year 11 English Advanced' }),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Journey captions: imagery and tone' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'videos-03-review');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Nothing of this course is waiting for review.')).toBeVisible();

    // The student sees the new video with the approved captions.
    await page.context().clearCookies();
    await signIn(page, 'student');
    const ava = await me(page);
    const english = ava.classes.find((c) => c.title === '11ENG Student trial')!;
    const poetry = await lessonByTitle(page, english.id, 'Close reading of poetry');
    await page.goto(`/class/${english.id}/lesson/${poetry.id}/1/`);
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await expect(video).toHaveAttribute('src', /\/media\/videos\/[0-9a-f]+\.webm$/);
    await expect
      .poll(() =>
        video.evaluate((v: HTMLVideoElement) => {
          const track = v.textTracks[0];
          if (track && track.mode === 'disabled') track.mode = 'hidden';
          return track?.cues?.[0] ? (track.cues[0] as VTTCue).text : null;
        }),
      )
      .toBe('Journey captions: imagery and tone');
    await expectNoSeriousA11yViolations(page);
  });

  test('teachers get the unauthorized page on the video and caption pages', async ({ page }) => {
    await signIn(page, 'teacher');
    for (const url of ['/content/admin/videos/', '/content/admin/captions/', '/content/admin/captions/review/']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: 'What are you doing here?' })).toBeVisible();
    }
  });
});
