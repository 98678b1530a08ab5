import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { lessonByTitle, me } from './api-helpers';
import {
  addBlock,
  addQuestion,
  addTriangleCloze,
  choose,
  chooseFile,
  drawDragAndDropImage,
  expectSaved,
  moveToTop,
  shot,
  topLevelTitles,
  treeAnnouncements,
  uploadVideo,
} from './authoring-helpers';
import { expectNoSeriousA11yViolations, signIn, signInAs, test } from './fixtures';

// Issue 15's first "Done when", tried as new users would: content staff make a course from nothing (wizard, a topic,
// a lesson of two uploaded videos with captions a second person approves, a question set of three question types,
// an activity with a cloze block and a drag-and-drop image they drew) and publish it; a teacher makes a class on it
// and uploads its class list; a student of that class watches the lesson with captions, answers the activity and
// the question set, and is marked. Axe runs on every authoring page; the tree reorder and the drag-and-drop image
// editor are done by keyboard.

const stamp = Date.now().toString(36);
const COURSE = `Forces and motion ${stamp}`;
const TOPIC = 'Pushes and pulls';
const LESSON = 'What a force is';
const VIDEOS = [`Forces part 1 ${stamp}`, `Forces part 2 ${stamp}`];
const QUESTION_SET = `Forces check ${stamp}`;
const ACTIVITY = `Forces activity ${stamp}`;
// Named to sort after the demo classes, so journeys that take the teacher's first class still get a demo class.
const CLASS = `Y7 Forces ${stamp}`;
const STUDENT = { email: 'chloe.wright@students.banksia.test', firstName: 'Chloe' };
const captionsOf = (part: number) =>
  `WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nForces caption of part ${part}\n\n00:00:05.000 --> 00:00:10.000\nA push or a pull\n`;

async function openAs(browser: Browser, who: 'content' | 'teacher' | { email: string; firstName: string }) {
  const page = await (await browser.newContext()).newPage();
  if (typeof who === 'string') await signIn(page, who);
  else await signInAs(page, who);
  return page;
}

/** Picks a word or piece up and puts it down with the keyboard (Enter on each, as the activity viewer takes). */
async function placeByKeyboard(page: Page, item: Locator, target: Locator) {
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(item).toHaveAttribute('aria-pressed', 'true');
  await target.focus();
  await page.keyboard.press('Enter');
}

/** The first cue of the video's first text track, once the browser has loaded it. */
async function firstCue(video: Locator): Promise<string | null> {
  return video.evaluate((v: HTMLVideoElement) => {
    const track = v.textTracks[0];
    if (track && track.mode === 'disabled') track.mode = 'hidden';
    return track?.cues?.[0] ? (track.cues[0] as VTTCue).text : null;
  });
}

// A step whose target never comes fails at that step, not at the end of the long test.
test.use({ actionTimeout: 20_000 });

test('content staff author and publish a course; a teacher makes a class on it; a student learns and is marked', async ({
  browser,
}) => {
  // Four people, some twenty pages with accessibility scans, two uploads.
  test.setTimeout(360_000);
  const staff = await openAs(browser, 'content');

  // ------------------------------------------------------------------------------------------------------------
  // The course, through the wizard.
  await staff.goto('/content/admin/');
  await expect(staff.getByRole('heading', { level: 1, name: 'Content administration' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: 'Create a course' }).click();
  await expect(staff).toHaveURL(/\/content\/admin\/courses\/create\/$/);
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: 'Start' }).click();
  await expect(staff).toHaveURL(/\/create\/1\/$/);
  await staff.getByLabel('Title').fill(COURSE);
  await staff.getByRole('combobox', { name: 'Subject' }).fill('Science');
  await staff.getByLabel('Year published').fill('2027');
  await staff.getByLabel('Default year level').fill('Year 7');
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('button', { name: 'Next: structure' }).click();
  await expect(staff).toHaveURL(/\/create\/2\/$/);
  await expect(staff.getByRole('radio', { name: 'Empty' })).toBeChecked();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('button', { name: 'Create the course' }).click();
  await expect(staff.getByRole('heading', { name: `${COURSE} is ready` })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: 'Open the course editor' }).click();

  // A topic and a lesson; the lesson goes first, moved by keyboard.
  await expect(staff.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  const courseEditor = staff.url();
  await staff.getByRole('button', { name: 'Add a topic' }).click();
  await staff.getByRole('dialog').getByLabel('Title').fill(TOPIC);
  await staff.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(staff.getByRole('button', { name: `Reorder ${TOPIC}` })).toBeVisible();
  await staff.getByRole('button', { name: 'Add a lesson' }).click();
  await staff.getByRole('dialog').getByLabel('Title').fill(LESSON);
  await staff.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(staff.getByRole('button', { name: `Reorder ${LESSON}` })).toBeVisible();
  await expect(staff.getByRole('dialog')).toBeHidden();
  await expect.poll(() => topLevelTitles(staff)).toEqual([TOPIC, LESSON]);
  const announced = treeAnnouncements(staff);
  await staff.getByRole('button', { name: `Reorder ${LESSON}` }).focus();
  await staff.keyboard.press('Space');
  await expect(announced).toContainText(`${LESSON} is now at position 2 of 2`);
  await moveToTop(staff, `${LESSON} is now at position 1 of 2`);
  await staff.keyboard.press('Space');
  await expect.poll(() => topLevelTitles(staff)).toEqual([LESSON, TOPIC]);
  await expect(staff.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  // Classes on the Standard plan get the lessons' question sets.
  await staff.getByRole('checkbox', { name: "Lessons' question sets: Standard" }).check();
  await staff.getByRole('button', { name: 'Save details' }).click();
  await expect(staff.getByRole('button', { name: 'Save details' })).toBeDisabled();
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'e2e-01-course-editor');

  // ------------------------------------------------------------------------------------------------------------
  // Two videos uploaded to the library, played by the lesson's two parts; the lesson published.
  await staff.goto('/content/admin/videos/');
  await expect(staff.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  for (const title of VIDEOS) await uploadVideo(staff, title);
  await staff.getByLabel('Search videos').fill(stamp);
  await expect(staff.getByRole('row').filter({ hasText: stamp })).toHaveCount(2);
  // The server read the length from each file.
  await expect(staff.getByRole('row').filter({ hasText: VIDEOS[0]! })).toContainText('0:24');
  await expectNoSeriousA11yViolations(staff);

  await staff.goto(courseEditor);
  await staff.getByRole('link', { name: LESSON }).click();
  await expect(staff.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  for (const [i, video] of VIDEOS.entries()) {
    await staff.getByRole('button', { name: 'Add a part' }).click();
    await staff
      .getByLabel('Part title')
      .nth(i)
      .fill(`Part ${i + 1}: ${i === 0 ? 'pushes' : 'pulls'}`);
    const picker = staff.getByRole('combobox', { name: 'Video' }).nth(i);
    await picker.click();
    await picker.fill(video);
    await staff.getByRole('option', { name: new RegExp(video) }).click();
  }
  await staff.getByRole('switch', { name: 'Published' }).check();
  await staff.getByRole('button', { name: 'Save the lesson' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'e2e-02-lesson-editor');

  // ------------------------------------------------------------------------------------------------------------
  // Captions for both videos, sent for review; a second content admin approves them.
  await staff.goto('/content/admin/captions/');
  await expect(staff.getByRole('heading', { level: 1, name: 'Captions' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: COURSE }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Captions: ${COURSE}` })).toBeVisible();
  for (const [i, video] of VIDEOS.entries()) {
    await chooseFile(staff, `Upload captions for ${video}`, {
      name: `part-${i + 1}.vtt`,
      mimeType: 'text/vtt',
      buffer: Buffer.from(captionsOf(i + 1)),
    });
    const row = staff.getByRole('row').filter({ hasText: video });
    await expect(row.getByText('Draft')).toBeVisible();
    await staff.getByRole('button', { name: `Send captions of ${video} for review` }).click();
    await expect(row.getByText('In review')).toBeVisible();
  }
  await expectNoSeriousA11yViolations(staff);

  const editor = await openAs(browser, { email: 'editor@banksia.test', firstName: 'Lena' });
  await editor.goto('/content/admin/captions/review/');
  await expect(editor.getByRole('heading', { level: 1, name: 'Review captions' })).toBeVisible();
  await expectNoSeriousA11yViolations(editor);
  await editor.getByRole('link', { name: COURSE }).click();
  await expect(editor.getByRole('heading', { level: 1, name: `Review captions: ${COURSE}` })).toBeVisible();
  await expect(editor.getByRole('cell', { name: 'Forces caption of part 1' })).toBeVisible();
  await expectNoSeriousA11yViolations(editor);
  const approve = editor.getByRole('button', { name: 'Approve' });
  await expect(approve).toHaveCount(2);
  await approve.first().click();
  await expect(approve).toHaveCount(1);
  await approve.click();
  await expect(editor.getByText('Nothing of this course is waiting for review.')).toBeVisible();
  await editor.context().close();

  // ------------------------------------------------------------------------------------------------------------
  // The lesson's question set: multiple choice, short text and numeric questions.
  await staff.goto('/content/admin/exams/edit/');
  await expect(staff.getByRole('heading', { level: 1, name: 'Exams and question sets' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: 'New exam or question set' }).click();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: 'Start with the details' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New exam: details' })).toBeVisible();
  await staff.getByRole('textbox', { name: 'Title', exact: true }).fill(QUESTION_SET);
  await choose(staff, 'Course', new RegExp(`^${COURSE}`));
  await staff.getByRole('radio', { name: 'Question set', exact: true }).check();
  await staff.getByText("As a lesson's question set", { exact: true }).click();
  await choose(staff, 'Lesson', LESSON);
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('button', { name: 'Next: sections and questions' }).click();
  await expect(staff.getByText('Step 2 of 2: sections and questions')).toBeVisible();
  await staff.getByRole('button', { name: 'Add section' }).click();
  await addQuestion(staff, 'Multiple choice');
  await staff.getByRole('textbox', { name: 'Question 1: prompt' }).fill('Which of these is a force?');
  await staff.getByRole('textbox', { name: 'Question 1: option 1' }).fill('A push');
  await staff.getByRole('textbox', { name: 'Question 1: option 2' }).fill('A colour');
  await expect(staff.getByRole('radio', { name: 'Option 1 is right' })).toBeChecked();
  await addQuestion(staff, 'Short text');
  await staff.getByRole('textbox', { name: 'Question 2: prompt' }).fill('What pulls things towards the Earth?');
  await staff.getByRole('combobox', { name: 'Question 2: accepted answers' }).fill('gravity');
  await staff.keyboard.press('Enter');
  await addQuestion(staff, 'Numeric');
  await staff.getByRole('textbox', { name: 'Question 3: prompt' }).fill('How many newtons is 2 N + 3 N?');
  await staff.getByRole('textbox', { name: 'Question 3: answer' }).fill('5');
  await staff.getByRole('textbox', { name: 'Question 3: unit' }).fill('N');
  await expectSaved(staff);
  await expect(staff.getByText('3 questions · 3 marks')).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('button', { name: 'Publish' }).click();
  await expect(staff.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await staff.getByRole('button', { name: 'Finish' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: QUESTION_SET })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'e2e-03-question-set');

  // ------------------------------------------------------------------------------------------------------------
  // The activity, placed in the lesson: a cloze block, and a drag-and-drop image drawn by mouse and keyboard.
  await staff.goto('/content/admin/activity/');
  await expect(staff.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: 'New activity' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New activity' })).toBeVisible();
  await staff.getByLabel('Title').fill(ACTIVITY);
  await choose(staff, 'Course', new RegExp(`^${COURSE}`));
  await choose(staff, 'Lesson', LESSON);
  await expect(staff.locator('.ce-paragraph').first()).toBeVisible();
  await staff.locator('.ce-paragraph').first().click();
  await staff.keyboard.type('Complete the sentence, then label the diagram.');
  await staff.keyboard.press('Enter');
  await addTriangleCloze(staff);
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('button', { name: 'Create activity' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Edit activity' })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Fill in the blanks (word bank)' })).toBeVisible();
  await addBlock(staff, 'Drag and drop onto an image');
  await drawDragAndDropImage(staff);
  await expectSaved(staff);
  const whereUsed = staff.getByRole('region', { name: 'Where this activity is used' });
  await expect(whereUsed).toContainText(`Lesson: ${LESSON} (${COURSE})`);
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'e2e-04-activity');

  // ------------------------------------------------------------------------------------------------------------
  // Published: the topic and the course (the lesson was published in its editor).
  await staff.goto(courseEditor);
  await staff.getByRole('button', { name: `Actions for ${TOPIC}` }).click();
  await staff.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(
    staff
      .getByTestId(/tree-node-/)
      .filter({ hasText: TOPIC })
      .getByText('Published'),
  ).toBeVisible();
  await staff.getByRole('button', { name: 'Publish the course' }).click();
  await expect(staff.getByRole('button', { name: 'Unpublish the course' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await staff.context().close();

  // ------------------------------------------------------------------------------------------------------------
  // The teacher makes a class on the course and puts a student in it with a class list.
  const teacher = await openAs(browser, 'teacher');
  await teacher.goto('/class-management/my-school/');
  await expect(teacher.getByRole('heading', { level: 1, name: 'Class management' })).toBeVisible();
  await teacher.getByRole('button', { name: /New class/ }).click();
  const dialog = teacher.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(CLASS);
  await dialog.getByRole('combobox', { name: /Course/ }).click();
  await teacher.getByRole('option', { name: new RegExp(COURSE) }).click();
  await dialog.getByRole('button', { name: /Create class|Save/ }).click();
  await expect(
    teacher
      .getByRole('cell', { name: CLASS })
      .or(teacher.getByText(CLASS, { exact: true }))
      .first(),
  ).toBeVisible();

  await teacher.goto('/class-list-uploader/');
  await expect(teacher.getByRole('heading', { level: 1, name: 'Upload a class list' })).toBeVisible();
  await teacher.getByRole('combobox', { name: 'Class' }).click();
  await teacher.getByRole('option', { name: new RegExp(CLASS) }).click();
  await teacher.locator('input[type="file"]').setInputFiles({
    name: 'class-list.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`first_name,last_name,email\nChloe,Wright,${STUDENT.email}\n`),
  });
  await teacher.getByRole('button', { name: 'Check the list' }).click();
  await teacher.getByRole('button', { name: `Apply to ${CLASS}` }).click();
  await expect(teacher.getByText('The class list was applied')).toBeVisible();

  // ------------------------------------------------------------------------------------------------------------
  // The student finds the lesson in the new class, with its two parts and their approved captions.
  const student = await openAs(browser, STUDENT);
  const klass = (await me(student)).classes.find((c) => c.title === CLASS);
  expect(klass, `${STUDENT.email} is in ${CLASS}`).toBeTruthy();
  const lesson = await lessonByTitle(student, klass!.id, LESSON);
  await student.goto(`/class/${klass!.id}/`);
  await student.getByRole('link', { name: LESSON }).first().click();
  await expect(student).toHaveURL(new RegExp(`/class/${klass!.id}/lesson/${lesson.id}/`));
  await expect(student.getByRole('navigation', { name: 'Lesson parts' }).getByRole('link')).toHaveCount(2);
  const video = student.locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => firstCue(video)).toBe('Forces caption of part 1');
  await expectNoSeriousA11yViolations(student);
  await student.goto(`/class/${klass!.id}/lesson/${lesson.id}/2/`);
  await expect.poll(() => firstCue(student.locator('video'))).toBe('Forces caption of part 2');
  await shot(student, 'e2e-05-student-lesson');

  // The activity, from the lesson: the word into the blank and the piece onto its zone, by keyboard.
  await student.getByRole('link', { name: `Activity: ${ACTIVITY}` }).click();
  await expect(student.getByRole('heading', { level: 1, name: ACTIVITY })).toBeVisible();
  const area = student.locator('[data-drag-area]').filter({ hasText: 'A triangle has' });
  await placeByKeyboard(
    student,
    area.getByRole('group', { name: 'Word bank' }).getByRole('button', { name: 'three', exact: true }),
    area.getByRole('button', { name: 'Blank 1', exact: true }),
  );
  await expect(area.getByRole('button', { name: 'Blank 1: three', exact: true })).toBeVisible();
  await placeByKeyboard(
    student,
    student.getByRole('button', { name: 'Piece 1', exact: true }),
    student.getByRole('group', { name: 'Drop zone 1', exact: true }).getByRole('button', { name: 'Drop zone 1' }),
  );
  await expect(
    student
      .getByRole('group', { name: 'Drop zone 1', exact: true })
      .getByRole('button', { name: 'Piece 1', exact: true }),
  ).toBeVisible();
  await expect(student.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(student);
  const activityPath = new URL(student.url()).pathname;

  // The question set, from the lesson: answered and marked at once.
  await student.goto(`/class/${klass!.id}/lesson/${lesson.id}/1/`);
  await student.getByRole('link', { name: `Questions: ${QUESTION_SET}` }).click();
  await expect(student.getByRole('heading', { level: 1, name: QUESTION_SET })).toBeVisible();
  await student.getByRole('button', { name: 'Start' }).click();
  await student.getByRole('radio', { name: 'A push' }).check();
  await student.getByRole('link', { name: 'Next' }).click();
  await expect(student.getByRole('heading', { level: 2, name: 'Question 2' })).toBeVisible();
  await student.getByRole('textbox', { name: /Your answer/ }).fill('Gravity');
  await student.getByRole('link', { name: 'Next' }).click();
  await expect(student.getByRole('heading', { level: 2, name: 'Question 3' })).toBeVisible();
  await student.getByRole('textbox', { name: /Your answer/ }).fill('5');
  await expect(student.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });
  await student.getByRole('button', { name: 'Submit' }).click();
  await expect(student.getByText('3 out of 3')).toBeVisible();
  await expectNoSeriousA11yViolations(student);
  await shot(student, 'e2e-06-student-marked');

  // The teacher sees the student's answers to the activity.
  await teacher.goto(activityPath);
  await expect(teacher.getByRole('radio', { name: "Students' answers" })).toBeChecked();
  await expect(teacher.getByRole('row', { name: /Chloe Wright/ })).toContainText('2 of 2');
});
