import { expect } from '@playwright/test';
import { me } from './api-helpers';
import { addQuestion, choose, expectSaved, shot } from './authoring-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

// Content staff make a question set with three question types on a demo maths topic and publish it; the demo
// student answers it on the class's question-set pages and is marked. Axe runs on every authoring page.

const TITLE = `Fractions quick check ${Date.now().toString(36)}`;

test('content staff author and publish a question set; a student answers it and is marked', async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'content');

  // The list, then the wizard's first page.
  await staff.goto('/content/admin/exams/edit/');
  await expect(staff.getByRole('heading', { level: 1, name: 'Exams and question sets' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Fractions and decimals topic test' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'exams-list');
  await staff.getByRole('link', { name: 'New exam or question set' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New exam or question set' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'exams-create');
  await staff.getByRole('link', { name: 'Start with the details' }).click();

  // create/1/: details.
  await expect(staff.getByRole('heading', { level: 1, name: 'New exam: details' })).toBeVisible();
  await staff.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
  await choose(staff, 'Course', /^Year 9 Mathematics/);
  await staff.getByRole('radio', { name: 'Question set', exact: true }).check();
  await choose(staff, 'Topic', /^Fractions and decimals$/);
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'exams-create-1');
  await staff.getByRole('button', { name: 'Next: sections and questions' }).click();

  // create/2/: a section with three questions of three types.
  await expect(staff.getByText('Step 2 of 2: sections and questions')).toBeVisible();
  await staff.getByRole('button', { name: 'Add section' }).click();

  await addQuestion(staff, 'Multiple choice');
  await staff.getByRole('textbox', { name: 'Question 1: prompt' }).fill('Which fraction equals 1/2?');
  await staff.getByRole('textbox', { name: 'Question 1: option 1' }).fill('3/6');
  await staff.getByRole('textbox', { name: 'Question 1: option 2' }).fill('2/6');
  await expect(staff.getByRole('radio', { name: 'Option 1 is right' })).toBeChecked();

  await addQuestion(staff, 'Short text');
  await staff.getByRole('textbox', { name: 'Question 2: prompt' }).fill('What is the top number of a fraction called?');
  await staff.getByRole('combobox', { name: 'Question 2: accepted answers' }).fill('numerator');
  await staff.keyboard.press('Enter');

  await addQuestion(staff, 'Numeric');
  await staff.getByRole('textbox', { name: 'Question 3: prompt' }).fill('What is 0.25 as a percentage?');
  await staff.getByRole('textbox', { name: 'Question 3: answer' }).fill('25');
  await staff.getByRole('textbox', { name: 'Question 3: unit' }).fill('%');
  await expectSaved(staff);
  await expect(staff.getByText('3 questions · 3 marks')).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'exams-create-2');

  await staff.getByRole('button', { name: 'Publish' }).click();
  await expect(staff.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await staff.getByRole('button', { name: 'Finish' }).click();

  // edit/{id}/: the same editor with the details; the list shows it published.
  await expect(staff.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(staff.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'exams-edit');
  const examId = Number(/\/edit\/(\d+)\//.exec(staff.url())![1]);

  // The demo student answers it on the class's question-set pages and is marked.
  const student = await (await browser.newContext()).newPage();
  await signIn(student, 'student');
  const klass = (await me(student)).classes.find((c) => c.title.startsWith('9MAT'));
  await student.goto(`/class/${klass!.id}/question-set/${examId}/`);
  await expect(student.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await student.getByRole('button', { name: 'Start' }).click();
  await student.getByRole('radio', { name: '3/6' }).check();
  // Each answer goes in once its question is on screen (the previous question's box is there until then).
  await student.getByRole('link', { name: 'Next' }).click();
  await expect(student.getByRole('heading', { level: 2, name: 'Question 2' })).toBeVisible();
  await student.getByRole('textbox', { name: /Your answer/ }).fill('numerator');
  await student.getByRole('link', { name: 'Next' }).click();
  await expect(student.getByRole('heading', { level: 2, name: 'Question 3' })).toBeVisible();
  await student.getByRole('textbox', { name: /Your answer/ }).fill('25');
  await expect(student.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });
  await student.getByRole('button', { name: 'Submit' }).click();
  await expect(student.getByText('3 out of 3')).toBeVisible();

  // Back in the editor, the sitting freezes the structure, and the page says why.
  await staff.reload();
  await expect(staff.getByText('Students have sat this exam')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Add a question to section 1' })).toBeDisabled();
  await expectNoSeriousA11yViolations(staff);
  await shot(staff, 'exams-edit-sat');
});
