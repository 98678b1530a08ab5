import { expect, type Page } from '@playwright/test';
import { apiWriter, lessonByTitle, me, responseUrl } from './api-helpers';
import { signIn, test } from './fixtures';
import { XSS_VECTORS } from './xss-vectors';

/** Fails the test if any payload ran: a dialog opened or `window.__xss` got set. */
function watchForScripts(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** Nothing in the page's main area can run script: no handlers, no script-bearing elements, no script URLs. */
async function expectInertMain(page: Page) {
  // Give late handlers (onerror, onload, autofocus, animations) their chance, and hover over everything.
  await page.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      el.dispatchEvent(new FocusEvent('focus'));
    }
  });
  await page.waitForTimeout(1500);
  const findings = await page.evaluate(() => {
    const problems: string[] = [];
    const main = document.querySelector('main');
    if (!main) return ['no main element'];
    for (const el of Array.from(main.querySelectorAll('*'))) {
      const tag = el.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed', 'base', 'meta', 'link', 'frame'].includes(tag)) {
        problems.push(`<${tag}>`);
      }
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) problems.push(`${tag}[${name}]`);
        // Browsers ignore whitespace and control characters inside a URL's scheme.
        // eslint-disable-next-line no-control-regex
        const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'].includes(name) &&
          (value.startsWith('javascript:') || value.startsWith('data:text/html'))
        ) {
          problems.push(`${tag}[${name}=${attr.value}]`);
        }
      }
    }
    return problems;
  });
  expect(findings).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
}

test.describe('rich text in activities', () => {
  test(`${XSS_VECTORS.length} script payloads are stored and shown without any script running`, async ({ browser }) => {
    test.setTimeout(90_000);
    const all = XSS_VECTORS.join('\n');

    // The student's class and a lesson to hold the activity.
    const studentContext = await browser.newContext();
    const student = await studentContext.newPage();
    const studentWatch = watchForScripts(student);
    await signIn(student, 'student');
    const ava = await me(student);
    const maths = ava.classes.find((c) => c.title === '9MAT1')!;
    const lesson = await lessonByTitle(student, maths.id, 'Multiplying and dividing fractions');

    // Content staff write an activity whose every text field carries the payloads.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signIn(staff, 'content');
    const staffApi = await apiWriter(staff.request);
    const created = await staffApi.post('/api/v1/activities/activities/', {
      title: 'Safety check',
      course_id: maths.course_id,
      lesson_id: lesson.id,
      blocks: [
        { id: 'p', type: 'paragraph', data: { text: `Read this. ${all}` } },
        { id: 'l', type: 'list', data: { style: 'unordered', items: [{ content: all, items: [] }] } },
        { id: 't', type: 'table', data: { withHeadings: false, content: [[all, 'cell']] } },
        { id: 'rt', type: 'rich-text', data: { text: all, example_response: { student_response: all } } },
        {
          id: 'cz',
          type: 'cloze-paragraph-input',
          data: { text: `${XSS_VECTORS[1]} Fill {{response}} in.`, options: ['this'] },
        },
      ],
    });
    expect(created.status()).toBe(201);
    const activity = await created.json();
    const stored = JSON.stringify(activity.blocks);
    expect(stored).not.toMatch(/<script|onerror|onload|javascript:/i);

    // The student saves an answer full of payloads; the server stores it cleaned.
    const studentApi = await apiWriter(student.request);
    await student.request.get(responseUrl(activity.id, maths.id));
    const saved = await studentApi.put(responseUrl(activity.id, maths.id), {
      version: 0,
      block_responses: { rt: { student_response: all }, cz: { response_values: [XSS_VECTORS[0]!] } },
    });
    expect(saved.status()).toBe(200);
    expect(JSON.stringify(await saved.json())).not.toMatch(/<script|onerror|onload|javascript:/i);

    // The student's page (the answer loads into the editor) runs none of it.
    await student.goto(`/class/${maths.id}/lesson/${lesson.id}/activity/${activity.id}/`);
    await expect(student.getByRole('heading', { level: 1, name: 'Safety check' })).toBeVisible();
    await expect(student.getByText('Read this.', { exact: false })).toBeVisible();
    await expect(student.getByText('Saved')).toBeVisible();
    await expectInertMain(student);
    expect(studentWatch.dialogs).toEqual([]);

    // Nor does the teacher's review of it, or the example answers.
    const teacherContext = await browser.newContext();
    const teacher = await teacherContext.newPage();
    const teacherWatch = watchForScripts(teacher);
    await signIn(teacher, 'teacher');
    await teacher.goto(`/class/${maths.id}/lesson/${lesson.id}/activity/${activity.id}/`);
    await teacher.getByRole('button', { name: 'Ava Nguyen' }).click();
    await expect(teacher.getByRole('heading', { name: "Ava Nguyen's answers" })).toBeVisible();
    await expect(teacher.getByRole('region', { name: 'Text response' })).toBeVisible();
    await expectInertMain(teacher);
    await teacher.getByText('Example answers').click();
    await expectInertMain(teacher);
    expect(teacherWatch.dialogs).toEqual([]);

    await Promise.all([studentContext.close(), staffContext.close(), teacherContext.close()]);
  });
});
