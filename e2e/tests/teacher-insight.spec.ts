import { expect, type Browser, type Page } from '@playwright/test';
import { examByTitle, lessonByTitle, me } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, signInAs, test } from './fixtures';

// Teacher insight as a school uses it: the demo teacher reads insights from the class course page, sets a task that a
// student then completes, a student works through today's review, and the teacher looks after the school's classes.
// The demo school's seeded activity (db/seed/demo-activity.ts) gives every page real figures.

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function mathsClass(page: Page): Promise<number> {
  const klass = (await me(page)).classes.find((c) => c.title === '9MAT1');
  expect(klass, '9MAT1').toBeTruthy();
  return klass!.id;
}

test.describe('teacher insight', () => {
  // Journeys across several pages, each checked with axe.
  test.beforeEach(() => test.setTimeout(90_000));

  test('a teacher reads lesson, exam and question insights from the course page; charts read as tables', async ({
    page,
  }) => {
    await signIn(page, 'teacher');
    const classId = await mathsClass(page);
    const course = `/class/${classId}/course/`;

    await page.goto(course);
    await page.getByRole('link', { name: 'Insights into Equivalent fractions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard: Equivalent fractions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Self-ratings' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(course);
    await page.getByRole('link', { name: 'Insights into Fractions and decimals topic test' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Insights: Fractions and decimals topic test' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Who needs help' })).toBeVisible();
    // Every chart can be read as a table.
    await page.getByText('Show as table').first().click();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Question 2', exact: true }).first().click();
    await expect(page).toHaveURL(/\/progress\/em\/\d+\/question\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a teacher opens the progress grids from the course page and exports one as CSV', async ({ page }) => {
    await signIn(page, 'teacher');
    const classId = await mathsClass(page);
    const course = `/class/${classId}/course/`;

    await page.goto(course);
    await page.getByRole('link', { name: 'Progress grid of Fractions and decimals', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fractions and decimals' })).toBeVisible();
    const grid = page.getByRole('region', { name: /scrollable table/ });
    await expect(grid.getByRole('rowheader', { name: 'Ava Nguyen' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Colour legend' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The table scrolls by keyboard: the region takes focus.
    await grid.focus();
    await expect(grid).toBeFocused();

    // A student's name leads to their progress through the whole course.
    await grid.getByRole('link', { name: 'Ava Nguyen' }).click();
    await expect(page).toHaveURL(/\/progress\/student\/\d+\/$/);
    await expect(page.getByRole('columnheader', { name: 'Topic' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Each lesson and exam has its own grid.
    for (const item of ['Equivalent fractions', 'Fractions and decimals topic test']) {
      await page.goto(course);
      await page.getByRole('link', { name: `Progress grid of ${item}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(item) })).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: /scrollable table/ })
          .getByRole('row')
          .nth(1),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }

    // The CSV is the same grid, with the real names while the anonymiser is off.
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await page.request.get(href!);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain('Ava Nguyen');
  });

  test('with student names hidden, no real name shows on any teacher page or export, and they come back when shown', async ({
    page,
  }) => {
    await signIn(page, 'teacher');
    const classId = await mathsClass(page);
    const detail = (await (await page.request.get(`/api/v1/classes/${classId}/`)).json()) as {
      enrolments: { profile: { first_name: string; last_name: string } }[];
    };
    const lastNames = detail.enrolments.map((e) => e.profile.last_name);
    expect(lastNames.length).toBeGreaterThan(5);
    const exam = await examByTitle(page, classId, 'Fractions and decimals topic test');
    const lesson = await lessonByTitle(page, classId, 'Equivalent fractions');
    const assemblage = (await (await page.request.get(`/api/v1/classes/${classId}/assemblage/`)).json()) as {
      sections: Record<string, { id: number; title: string }>;
    };
    const topic = Object.values(assemblage.sections).find((s) => s.title === 'Fractions and decimals')!;
    const { tasks } = (await (await page.request.get('/api/v1/tasks/')).json()) as {
      tasks: { id: number; class_id: number }[];
    };
    const task = tasks.find((t) => t.class_id === classId)!;
    const realNameIn = (text: string) => lastNames.find((name) => new RegExp(`\\b${name}\\b`).test(text));

    // The scan can tell: with names shown, the grid and its CSV carry real names.
    await page.goto(`/class/${classId}/progress/topic/${topic.id}/`);
    await expect(page.getByRole('region', { name: /scrollable table/ })).toBeVisible();
    expect(realNameIn(await page.locator('body').innerText())).toBeDefined();
    const shownCsv = `/api/v1/classes/${classId}/progress-grids/topic/${topic.id}/?format=csv`;
    expect(realNameIn(await (await page.request.get(shownCsv)).text())).toBeDefined();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('switch', { name: 'Hide student names' })
      .check();
    await expect
      .poll(async () => (await page.context().cookies()).some((c) => c.name === 'anonymizeStudentData'))
      .toBe(true);
    const pages = [
      `/class/${classId}/`,
      `/class/${classId}/progress/topic/${topic.id}/`,
      `/class/${classId}/progress/exam/${exam.id}/`,
      `/class/${classId}/progress/lesson/${lesson.id}/`,
      `/class/${classId}/topic/${topic.id}/dashboards/lesson/${lesson.id}/`,
      `/class/${classId}/topic/${topic.id}/exam/${exam.id}/em-insights/`,
      `/class/${classId}/review/`,
      `/tasks/${task.id}/`,
      `/class/${classId}/progress/exam/${exam.id}/mark/`,
    ];
    for (const url of pages) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      const text = await page.locator('body').innerText();
      expect(realNameIn(text), `a real name on ${url}`).toBeUndefined();
    }
    for (const api of [
      `/api/v1/classes/${classId}/progress-grids/topic/${topic.id}/?format=csv`,
      `/api/v1/classes/${classId}/progress-grids/exam/${exam.id}/?format=csv`,
      `/api/v1/classes/${classId}/`,
    ]) {
      const text = await (await page.request.get(api)).text();
      expect(realNameIn(text), `a real name in ${api}`).toBeUndefined();
    }

    // Shown again: the real names are back.
    await page.goto(`/class/${classId}/progress/topic/${topic.id}/`);
    await page.getByRole('main').getByRole('switch', { name: 'Hide student names' }).uncheck();
    await expect(
      page.getByRole('region', { name: /scrollable table/ }).getByRole('rowheader', { name: 'Ava Nguyen' }),
    ).toBeVisible();
    expect((await page.context().cookies()).some((c) => c.name === 'anonymizeStudentData')).toBe(false);
  });

  test('a teacher sets a task; a student sees it, does it, and it shows as done', async ({ browser }, testInfo) => {
    const title = `Revise equivalent fractions ${testInfo.retry}`;
    const teacher = await newPage(browser);
    await signIn(teacher, 'teacher');
    await teacher.goto('/tasks/');
    await expect(teacher.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await teacher.getByRole('button', { name: 'Set a task' }).click();
    const form = teacher.getByRole('form', { name: 'Set a task' });
    await form.getByRole('combobox', { name: 'Class' }).click();
    await teacher.getByRole('option', { name: /9MAT1/ }).click();
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    const due = new Date(Date.now() + 7 * 86_400_000);
    const dd = String(due.getDate()).padStart(2, '0');
    const mm = String(due.getMonth() + 1).padStart(2, '0');
    await form.getByRole('textbox', { name: 'Due date' }).fill(`${dd}/${mm}/${due.getFullYear()}`);
    await form.getByRole('checkbox', { name: 'Equivalent fractions', exact: true }).check();
    await expectNoSeriousA11yViolations(teacher);
    await form.getByRole('button', { name: 'Set task' }).click();
    await expect(teacher.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNoSeriousA11yViolations(teacher);

    // The student sees the task with what is left, opens the lesson from it, and the task counts it done.
    const student = await newPage(browser);
    await signIn(student, 'student');
    await student.goto('/tasks/');
    await expect(student.getByRole('heading', { level: 1, name: 'My tasks' })).toBeVisible();
    await student.getByRole('link', { name: title }).click();
    await expect(student.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNoSeriousA11yViolations(student);
    await student
      .getByRole('link', { name: /Start|Open again/ })
      .first()
      .click();
    await expect(student).toHaveURL(/\/lesson\/\d+\//);
    await expect(student.getByText(/Part 1 of 1/)).toBeVisible();
    await student.goto('/tasks/');
    const card = student.getByRole('article').filter({ hasText: title });
    await expect(card.getByText(/1 of 1 done/)).toBeVisible({ timeout: 10_000 });

    // The teacher's task page shows the student done.
    await teacher.reload();
    await expect(teacher.getByText(/\d+ of \d+ students have done everything/)).toBeVisible();
    await expect(teacher.getByRole('row', { name: /Ava Nguyen/ }).getByRole('img', { name: 'Done' })).toBeVisible();

    // Its insights: completion and results per item, as a chart or a table.
    await teacher.getByRole('link', { name: 'Insights' }).click();
    await expect(teacher.getByRole('heading', { level: 1, name: `Insights: ${title}` })).toBeVisible();
    await teacher.getByText('Show as table').first().click();
    await expect(teacher.getByRole('table', { name: 'Completion and results by item' })).toBeVisible();
    await expectNoSeriousA11yViolations(teacher);

    // The class's topics to revisit, from spaced retrieval.
    const classId = await mathsClass(teacher);
    await teacher.goto(`/class/${classId}/review/`);
    await expect(teacher.getByRole('heading', { level: 1, name: 'Topics to revisit' })).toBeVisible();
    await expect(teacher.getByRole('img', { name: /^Miss rate by topic\. .+ \d+%/ })).toBeVisible();
    await expectNoSeriousA11yViolations(teacher);
  });

  test('a student works through today’s review: a question they got wrong comes back', async ({ page }, testInfo) => {
    // Seeded classmates with wrong answers; a retry takes another, since a card answered today is not due again.
    const who = [
      { email: 'grace.robinson@students.banksia.test', firstName: 'Grace' },
      { email: 'ethan.hughes@students.banksia.test', firstName: 'Ethan' },
    ][testInfo.retry]!;
    await signInAs(page, who);
    await page.getByRole('link', { name: "Today's review" }).click();
    await expect(page.getByRole('heading', { level: 1, name: "Today's review" })).toBeVisible();
    await expect(page.getByText(/You got this wrong in/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const question = page.getByRole('region').filter({ has: page.getByRole('button', { name: 'Check' }) });
    const choice = question.getByRole('radio').or(question.getByRole('checkbox'));
    if ((await choice.count()) > 0) await choice.first().check();
    else await question.getByRole('textbox').first().fill('3/4');
    await question.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText(/Comes back (tomorrow|in \d+ days?)/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the teacher looks after the school: dashboard, an exam across classes, a new class, a class list', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'teacher');
    await page.getByRole('link', { name: 'School dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Banksia Demo High School' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: '9MAT1', exact: true })).toBeVisible();
    await expect(page.getByText('9MAT2')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Fractions and decimals topic test' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Fractions and decimals topic test/ })).toBeVisible();
    await expect(page.getByText('9MAT2').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A new class in the class editor, with an activation link.
    const klass = `9MAT${3 + testInfo.retry}`;
    await page.getByRole('link', { name: 'Class management' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Class management' })).toBeVisible();
    await page.getByRole('button', { name: /New class/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill(klass);
    await dialog.getByRole('combobox', { name: /Course/ }).click();
    await page
      .getByRole('option', { name: /Year 9 Mathematics/ })
      .first()
      .click();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: /Create class|Save/ }).click();
    await expect(
      page
        .getByRole('cell', { name: klass })
        .or(page.getByText(klass, { exact: true }))
        .first(),
    ).toBeVisible();

    // A class list: checked first (a bad row is shown), then applied once fixed.
    await page.goto('/class-list-uploader/');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload a class list' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Class' }).click();
    await page.getByRole('option', { name: new RegExp(klass) }).click();
    const csv = (rows: string) => ({
      name: 'class-list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`first_name,last_name,email\n${rows}`),
    });
    const file = page.locator('input[type="file"]');
    await file.setInputFiles(csv('Oliver,Bennett,oliver.bennett@students.banksia.test\nNew,Student,not-an-email\n'));
    await page.getByRole('button', { name: 'Check the list' }).click();
    await expect(page.getByText('1 with errors')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await file.setInputFiles(csv(`Oliver,Bennett,oliver.bennett@students.banksia.test\n`));
    await page.getByRole('button', { name: 'Check the list' }).click();
    await page.getByRole('button', { name: `Apply to ${klass}` }).click();
    await expect(page.getByText('The class list was applied')).toBeVisible();
  });

  test('take a tour', async ({ page }) => {
    await signIn(page, 'teacher');
    await page.getByRole('button', { name: 'Take a tour' }).click();
    const tour = page.getByRole('dialog', { name: 'A quick tour of Banksia' });
    await expect(tour.getByText('Step 1 of 4')).toBeVisible();
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.getByText('Step 2 of 4')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('button', { name: 'Finish' }).click();
    await expect(tour).toBeHidden();
  });
});
