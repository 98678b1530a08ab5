import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { apiWriter, examByTitle, me } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, signInAs, test } from './fixtures';

// Exams as a school uses them: the demo student sits the maths topic test (every question type), leaves halfway and
// resumes, submits, and reviews marks, mistakes and solutions; the teacher marks the extended answer by question,
// releases results and the student reads the feedback. Then a lock the server enforces, printing to A4, and the
// signed-out demo question set.

const EXAM = 'Fractions and decimals topic test';

// An exam is sat once, so a retried journey takes a classmate who has not sat it (9MAT1's roster).
const sitters = [
  { email: 'student@banksia.test', firstName: 'Ava', lastName: 'Nguyen' },
  { email: 'charlotte.wilson@students.banksia.test', firstName: 'Charlotte', lastName: 'Wilson' },
  { email: 'jack.thompson@students.banksia.test', firstName: 'Jack', lastName: 'Thompson' },
];

async function mathsClass(page: Page): Promise<number> {
  const klass = (await me(page)).classes.find((c) => c.title.startsWith('9MAT'));
  expect(klass, 'a maths class').toBeTruthy();
  return klass!.id;
}

/** The card of question `n` on an exam page (each is a region named by its "Question n" heading). */
function question(page: Page, n: number): Locator {
  return page.getByRole('region', { name: new RegExp(`^Question ${n}\\b`) });
}

async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe('exams', () => {
  test('a student sits the exam, resumes, submits and reviews; the teacher marks by question and releases', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const sitter = sitters[testInfo.retry]!;
    const student = await newPage(browser);
    await signInAs(student, sitter);
    const classId = await mathsClass(student);
    const exam = await examByTitle(student, classId, EXAM);
    const overview = `/exams/${exam.id}/?class=${classId}`;

    // The class's course lists the exam with a link to its page.
    await student.goto(`/exams/${exam.id}/?class=${classId}`);
    await expect(student.getByRole('heading', { level: 1, name: EXAM })).toBeVisible();
    await expect(student.getByText('30 minutes').first()).toBeVisible();
    await expectNoSeriousA11yViolations(student);
    await student.getByRole('button', { name: 'Start' }).click();

    // Section A: one choice and several choices.
    await expect(student.getByRole('heading', { level: 2, name: 'Section A: Multiple choice' })).toBeVisible();
    await expect(student.getByRole('timer')).toBeVisible();
    await question(student, 1).getByRole('radio', { name: '6/8' }).check();
    for (const option of ['2/4', '5/10', '3/6'])
      await question(student, 2).getByRole('checkbox', { name: option }).check();
    await expectSaved(student);
    await expectNoSeriousA11yViolations(student);
    await student.getByRole('link', { name: 'Section B: Short answers' }).first().click();

    // Section B: short text, a number with a unit and a decimal comma, a maths expression typed into MathLive.
    await expect(student.getByRole('heading', { level: 2, name: 'Section B: Short answers' })).toBeVisible();
    await question(student, 3).getByRole('textbox').fill('Denominator');
    await question(student, 4).getByRole('textbox').fill('37,5 cm');
    const maths = question(student, 5).locator('math-field');
    await expect(maths).toBeVisible();
    await maths.click();
    // MathLive takes focus into its own field once clicked: type only when it has it.
    await expect(maths).toBeFocused();
    await student.keyboard.type('2x+6');
    await expect(maths).toHaveJSProperty('value', '2x+6');
    await expectSaved(student);

    // Leave halfway and come back: the sitting resumes with the answers kept.
    await student.goto('/');
    await student.goto(overview);
    await student.getByRole('button', { name: 'Resume' }).click();
    await student.getByRole('link', { name: 'Section B: Short answers' }).first().click();
    await expect(question(student, 3).getByRole('textbox')).toHaveValue('Denominator');
    await expect(question(student, 4).getByRole('textbox')).toHaveValue('37,5 cm');
    await student.getByRole('link', { name: 'Section C: Extended response' }).first().click();

    // Section C: an extended response in the rich-text editor; the activity question is left unanswered.
    const essay = question(student, 6).locator('[contenteditable="true"]');
    await expect(essay).toBeVisible();
    await essay.click();
    await student.keyboard.type('2/3 = 10/15 and 3/5 = 9/15, and 10/15 is more than 9/15.');
    await expectSaved(student);

    // Submitting names what is unanswered and asks first; a double click makes one submission.
    await student.getByRole('button', { name: 'Submit', exact: true }).first().click();
    const dialog = student.getByRole('dialog', { name: 'Submit your exam?' });
    await expect(dialog.getByRole('link', { name: 'Question 7' })).toBeVisible();
    await expectNoSeriousA11yViolations(student);
    await dialog.getByRole('button', { name: /^Submit/ }).dblclick();
    await expect(student).toHaveURL(new RegExp(`/exams/${exam.id}/`));
    // Every objective answer was right (8 marks, the maths one as an equivalent form); the essay waits for the teacher.
    await expect(student.getByText('8 / 14 marks so far')).toBeVisible();
    await expect(student.getByText('1 answer is waiting for your teacher to mark.')).toBeVisible();
    await expectNoSeriousA11yViolations(student);

    // Solutions of section A, then the mistakes: the activity left unanswered is one, and 'I get it now' is kept.
    await student
      .getByRole('link', { name: /Section A/ })
      .first()
      .click();
    await expect(student.getByText('Multiply the numerator and the denominator by 2: 3/4 = 6/8.')).toBeVisible();
    await expectNoSeriousA11yViolations(student);
    await student.goto(`/exams/${exam.id}/mistakes/?class=${classId}`);
    await expect(student.getByRole('heading', { level: 1 })).toBeVisible();
    const grok = student.getByRole('checkbox', { name: 'I get it now' }).first();
    await grok.check();
    await expect(grok).toBeChecked();
    await expectNoSeriousA11yViolations(student);
    await student.reload();
    await expect(student.getByRole('checkbox', { name: 'I get it now' }).first()).toBeChecked();

    // The teacher marks the extended answer by question, with feedback, and releases the results.
    const teacher = await newPage(browser);
    await signIn(teacher, 'teacher');
    await teacher.goto(`/class/${classId}/progress/exam/${exam.id}/mark/`);
    await expect(teacher.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(teacher);
    await teacher.getByRole('link', { name: 'Mark question 6' }).click();
    const answer = teacher.getByRole('region', { name: `${sitter.firstName} ${sitter.lastName}` });
    await expect(answer.getByText('10/15 is more than 9/15')).toBeVisible();
    await answer.getByRole('textbox', { name: /Marks/ }).fill('2');
    await answer.getByRole('button', { name: /Add feedback/ }).click();
    const feedback = answer.locator('[contenteditable="true"]');
    await feedback.click();
    await teacher.keyboard.type('Good use of a common denominator.');
    await answer.getByRole('button', { name: /Save mark/ }).click();
    await expect(answer.getByText('Saved')).toBeVisible();
    await expectNoSeriousA11yViolations(teacher);
    await teacher.goto(`/class/${classId}/progress/exam/${exam.id}/mark/`);
    await teacher.getByRole('button', { name: 'Release results' }).click();
    const confirm = teacher.getByRole('dialog', { name: 'Release results now?' });
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Release results' }).click();
    await expect(teacher.getByRole('button', { name: 'Hold results' })).toBeVisible();

    // The student sees the mark and the feedback with the solutions of section C.
    await student.goto(overview);
    await expect(student.getByText('10 / 14 marks')).toBeVisible();
    await student
      .getByRole('link', { name: /Section C/ })
      .first()
      .click();
    await expect(student.getByText('Good use of a common denominator.')).toBeVisible();
    await expectNoSeriousA11yViolations(student);
  });

  test('a locked exam is refused by the server, and opens again when unlocked', async ({ browser }) => {
    const teacher = await newPage(browser);
    await signIn(teacher, 'teacher');
    const classId = await mathsClass(teacher);
    const exam = await examByTitle(teacher, classId, EXAM);
    const lock = `/api/v1/classes/${classId}/exams/${exam.id}/lock/`;
    const asTeacher = await apiWriter(teacher.request);
    expect((await asTeacher.post(lock, { status: 'LOCKED_BY_TEACHER' })).status()).toBe(200);

    try {
      const student = await newPage(browser);
      await signInAs(student, { email: 'isla.martin@students.banksia.test', firstName: 'Isla' });
      await student.goto(`/exams/${exam.id}/?class=${classId}`);
      await expect(student.getByText(/locked/i).first()).toBeVisible();
      await expect(student.getByRole('button', { name: 'Start' })).toBeDisabled();
      // Not only hidden: the server refuses the start itself.
      const refused = await (
        await apiWriter(student.request)
      ).post(`/api/v1/classes/${classId}/exams/${exam.id}/start/`, {});
      expect(refused.status()).toBe(409);
      expect((await refused.json()).code).toBe('exam_locked');
      await expectNoSeriousA11yViolations(student);

      expect((await asTeacher.post(lock, { status: 'OPEN' })).status()).toBe(200);
      await student.reload();
      await student.getByRole('button', { name: 'Start' }).click();
      await expect(student.getByRole('heading', { level: 2, name: 'Section A: Multiple choice' })).toBeVisible();
    } finally {
      await asTeacher.post(lock, { status: 'OPEN' });
    }
  });

  test('the exam and its solutions print on A4 pages without the app around them', async ({ browser }) => {
    const teacher = await newPage(browser);
    await signIn(teacher, 'teacher');
    const classId = await mathsClass(teacher);
    const exam = await examByTitle(teacher, classId, EXAM);
    for (const [path, expected] of [
      [`/exams/${exam.id}/print/?class=${classId}`, 'Which fraction is equivalent to 3/4?'],
      [`/exams/${exam.id}/solutions/print/?class=${classId}`, 'Multiply the numerator and the denominator by 2'],
    ] as const) {
      await teacher.goto(path);
      await expect(teacher.getByText(expected).first()).toBeVisible();
      await expectNoSeriousA11yViolations(teacher);
      await teacher.emulateMedia({ media: 'print' });
      await expect(teacher.getByRole('banner')).toBeHidden();
      const pdf = await teacher.pdf({ format: 'A4', printBackground: false });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(8);
      await teacher.emulateMedia({ media: 'screen' });
    }
  });

  test('a signed-out visitor tries the demo question set; nothing is stored', async ({ browser }) => {
    const student = await newPage(browser);
    await signIn(student, 'student');
    const lessons = await (
      await student.request.get(`/api/v1/classes/${await mathsClass(student)}/assemblage/`)
    ).json();
    const lesson = Object.values(
      lessons.lessons as Record<string, { id: number; title: string; question_set: { id: number } | null }>,
    ).find((l) => l.title === 'Equivalent fractions');
    const setId = lesson!.question_set!.id;

    const visitor = await newPage(browser);
    await visitor.goto(`/demo/question-set/${setId}/`);
    await expect(visitor.getByText(/demo/i).first()).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await visitor
      .getByRole('link', { name: /Question 1|Start|Begin/ })
      .first()
      .click();
    await visitor.getByRole('radio', { name: '3/6' }).check();
    await visitor.getByRole('button', { name: 'Check answer' }).click();
    await expect(visitor.getByText(/Correct/).first()).toBeVisible();
    await expect(visitor.getByText('Multiply the numerator and the denominator of 1/2 by 3: 1/2 = 3/6.')).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await visitor.reload();
    await expect(visitor.getByRole('radio', { name: '3/6' })).toBeChecked();
  });

  test('a student works through a lesson question set question by question with the keyboard, and sees it marked', async ({
    browser,
  }, testInfo) => {
    const sitter = [
      { email: 'noah.kelly@students.banksia.test', firstName: 'Noah' },
      { email: 'amelia.chen@students.banksia.test', firstName: 'Amelia' },
    ][testInfo.retry]!;
    const student = await newPage(browser);
    await signInAs(student, sitter);
    const classId = await mathsClass(student);
    const set = await examByTitle(student, classId, 'Equivalent fractions: check your understanding');
    await student.goto(`/class/${classId}/question-set/${set.id}/`);
    await expect(student.getByRole('heading', { level: 1, name: set.title })).toBeVisible();
    await expectNoSeriousA11yViolations(student);
    await student.getByRole('button', { name: 'Start' }).click();

    // One question a page; answers chosen and typed from the keyboard, and Next taken with Enter.
    await student.getByRole('radio', { name: '3/6' }).focus();
    await student.keyboard.press('Space');
    await expect(student.getByRole('radio', { name: '3/6' })).toBeChecked();
    await expectNoSeriousA11yViolations(student);
    // Each answer goes in once its question is on screen: until then the previous question's box is still there.
    const next = async (n: number): Promise<void> => {
      await student.getByRole('link', { name: 'Next' }).focus();
      await student.keyboard.press('Enter');
      await expect(student.getByRole('heading', { level: 2, name: `Question ${n}` })).toBeVisible();
    };
    await next(2);
    await student.getByRole('textbox', { name: /Your answer/ }).focus();
    await student.keyboard.type('4');
    await next(3);
    await student.getByRole('textbox', { name: /Your answer/ }).focus();
    await student.keyboard.type('3/4');
    await next(4);
    for (const option of ['4/6', '6/9', '10/15']) {
      await student.getByRole('checkbox', { name: option }).focus();
      await student.keyboard.press('Space');
    }
    await expectSaved(student);
    await student.getByRole('button', { name: 'Submit' }).click();

    await expect(student.getByText('4 out of 4')).toBeVisible();
    await expectNoSeriousA11yViolations(student);
  });

  test("a teacher enters a student's paper answers, which count as their sitting", async ({ browser }, testInfo) => {
    const name = ['Zoe Campbell', 'Leo Clarke'][testInfo.retry]!;
    const teacher = await newPage(browser);
    await signIn(teacher, 'teacher');
    const classId = await mathsClass(teacher);
    const exam = await examByTitle(teacher, classId, EXAM);
    await teacher.goto(`/class/${classId}/progress/exam/${exam.id}/mark/`);
    await teacher.getByRole('link', { name: `Enter paper answers for ${name}` }).click();

    await expect(teacher.getByRole('heading', { level: 2, name: 'Section A: Multiple choice' })).toBeVisible();
    await expectNoSeriousA11yViolations(teacher);
    await question(teacher, 1).getByRole('radio', { name: '6/8' }).check();
    for (const option of ['2/4', '5/10', '3/6'])
      await question(teacher, 2).getByRole('checkbox', { name: option }).check();
    await expectSaved(teacher);
    // The rest of the paper was left blank; submitting is on the last section.
    await teacher.getByRole('link', { name: 'Section B: Short answers' }).last().click();
    await teacher.getByRole('link', { name: 'Section C: Extended response' }).last().click();
    await teacher.getByRole('button', { name: `Submit for ${name}` }).click();
    await teacher
      .getByRole('dialog', { name: `Submit ${name}'s paper?` })
      .getByRole('button', { name: `Submit for ${name}` })
      .click();

    await teacher.goto(`/class/${classId}/progress/exam/${exam.id}/mark/`);
    const row = teacher.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('Submitted (paper)')).toBeVisible();
    await expect(row.getByText('3 / 14')).toBeVisible();
  });
});
