import type { AuthoringOptions, ExamAuthoring, ExamList } from '@banksia/contracts/exam-authoring';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiCalls, jsonResponse, stubFetch, type Answer, type SeenRequest } from '../../../../test/fetch-stub';
import { makeMe } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render';

const staff = makeMe({ roles: ['content_admin'] });
const teacher = makeMe({ roles: ['teacher'] });

const options: AuthoringOptions = {
  courses: [
    {
      id: 7,
      label: 'Year 8 Mathematics (2026)',
      topics: [{ id: 21, label: 'Fractions', depth: 1 }],
      lessons: [{ id: 31, label: 'Fractions › Equivalent fractions', question_set_id: null }],
      activities: [{ id: 41, label: 'Fraction wall' }],
    },
  ],
};

function makeExam(overrides: Partial<ExamAuthoring> = {}): ExamAuthoring {
  return {
    id: 9,
    course_id: 7,
    course_title: 'Year 8 Mathematics (2026)',
    title: 'Fractions check',
    kind: 'question_set',
    placement: { kind: 'topic', section_id: 21 },
    is_published: false,
    is_submittable: true,
    time_limit_minutes: null,
    additional_materials: '',
    hide_solutions_until_release: false,
    question_count: 1,
    marks_total: 1,
    revision: 'rev-1',
    sitting_count: 0,
    sections: [
      {
        id: '100',
        title: 'Part A',
        questions: [
          {
            id: '200',
            type: 'short_text',
            marks: 1,
            prompt: '<p>Name the top number.</p>',
            worked_solution: '',
            accepted_answers: ['numerator'],
          },
        ],
      },
    ],
    ...overrides,
  };
}

function answers(extra: Record<string, Answer> = {}): Record<string, Answer> {
  return {
    'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
    'GET /api/v1/admin/exams/options/': { status: 200, body: options },
    'GET /api/v1/admin/exams/9/': { status: 200, body: makeExam() },
    ...extra,
  };
}

const puts = (seen: SeenRequest[]) => apiCalls(seen).filter((r) => r.method === 'PUT');
const slow = { timeout: 4000 };

// Typing into the editors is slow under jsdom; autosave waits AUTOSAVE_DELAY_MS after the last edit.
describe('exam editor', { timeout: 60_000 }, () => {
  it('autosaves an edit with the revision it loaded, then with the one the save answered', async () => {
    let revision = 1;
    const seen = stubFetch(
      answers({
        'PUT /api/v1/admin/exams/9/': (request) => {
          revision += 1;
          const body = request.body as { title: string };
          return jsonResponse(200, makeExam({ title: body.title, revision: `rev-${revision}` }));
        },
      }),
    );
    renderApp('/content/admin/exams/edit/9/');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.getByRole('heading', { level: 1, name: 'Fractions check' })).toBeInTheDocument();
    await userEvent.type(title, '!');
    await waitFor(() => expect(puts(seen)).toHaveLength(1), slow);
    expect(puts(seen)[0]!.body).toMatchObject({ revision: 'rev-1', title: 'Fractions check!' });
    await waitFor(() => expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Saved'), slow);

    await userEvent.type(title, '?');
    await waitFor(() => expect(puts(seen)).toHaveLength(2), slow);
    expect(puts(seen)[1]!.body).toMatchObject({ revision: 'rev-2', title: 'Fractions check!?' });
  });

  it('holds back a question the schema refuses, naming the field, and maps the new ids once saved', async () => {
    const seen = stubFetch(
      answers({
        'PUT /api/v1/admin/exams/9/': (request) => {
          const body = request.body as ExamAuthoring;
          const added = body.sections[0]!.questions[1]!;
          return jsonResponse(
            200,
            makeExam({ ...body, revision: 'rev-2', id_map: { [added.id]: '201' }, question_count: 2, marks_total: 2 }),
          );
        },
      }),
    );
    renderApp('/content/admin/exams/edit/9/');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a question to section 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Short text' }));

    // No accepted answer yet: nothing is sent, and the field says why.
    expect(await screen.findByText(/1 field needs attention/, undefined, slow)).toBeInTheDocument();
    expect(puts(seen)).toHaveLength(0);
    const answersInput = screen.getByRole('combobox', { name: 'Question 2: accepted answers' });
    expect(answersInput).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(answersInput, 'denominator{Enter}');
    await waitFor(() => expect(puts(seen)).toHaveLength(1), slow);
    const sent = puts(seen)[0]!.body as ExamAuthoring;
    expect(sent.sections[0]!.questions[1]).toMatchObject({ type: 'short_text', accepted_answers: ['denominator'] });
    expect(sent.sections[0]!.questions[1]!.id).toMatch(/^new-/);

    // The next save names the stored id.
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 's');
    await waitFor(() => expect(puts(seen)).toHaveLength(2), slow);
    expect((puts(seen)[1]!.body as ExamAuthoring).sections[0]!.questions[1]!.id).toBe('201');
  });

  it('says so when someone else saved first, and stops saving until reloaded', async () => {
    const seen = stubFetch(
      answers({
        'PUT /api/v1/admin/exams/9/': {
          status: 409,
          body: { code: 'conflict', detail: 'Someone else saved this exam since you opened it.' },
        },
      }),
    );
    renderApp('/content/admin/exams/edit/9/');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'x');
    expect(await screen.findByText('Someone else changed this exam', undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load their version' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'y');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(puts(seen)).toHaveLength(1);
  });

  it('explains why structure is frozen once students have sat it, and shows a refusal by field', async () => {
    stubFetch(
      answers({
        'GET /api/v1/admin/exams/9/': { status: 200, body: makeExam({ sitting_count: 2, is_published: true }) },
        'PUT /api/v1/admin/exams/9/': {
          status: 400,
          body: {
            code: 'validation_failed',
            detail: 'Some fields are not valid.',
            errors: { 'sections.0.questions.0.accepted_answers': ['Students have already sat this exam.'] },
          },
        },
      }),
    );
    renderApp('/content/admin/exams/edit/9/');
    expect(await screen.findByText('Students have sat this exam')).toBeInTheDocument();
    expect(screen.getByText(/2 sittings have been started/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a question to section 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete question 1' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'x');
    expect(await screen.findByText('These changes were not saved', undefined, slow)).toBeInTheDocument();
    expect(screen.getByText('Needs attention')).toBeInTheDocument();
  });

  it('publishes with the current revision', async () => {
    const seen = stubFetch(
      answers({
        'POST /api/v1/admin/exams/9/publish/': { status: 200, body: makeExam({ is_published: true, revision: 'r2' }) },
      }),
    );
    renderApp('/content/admin/exams/edit/9/');
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(apiCalls(seen).find((r) => r.path.endsWith('/publish/'))!.body).toEqual({
      revision: 'rev-1',
      is_published: true,
    });
  });

  it('shows the unauthorized page to a teacher, without asking for the exam', async () => {
    const seen = stubFetch(answers({ 'GET /api/v1/auth/session/': { status: 200, body: { me: teacher } } }));
    renderApp('/content/admin/exams/edit/9/');
    expect(await screen.findByRole('heading', { level: 1, name: 'What are you doing here?' })).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.path.startsWith('/api/v1/admin/exams/'))).toBe(false);
  });
});

describe('exam list and create', { timeout: 60_000 }, () => {
  it('lists exams and filters them by course, kind and state through the address', async () => {
    const list: ExamList = {
      count: 1,
      results: [
        {
          id: 9,
          title: 'Fractions check',
          kind: 'question_set',
          course_id: 7,
          course_title: 'Year 8 Mathematics (2026)',
          placement_label: 'Topic: Fractions',
          is_published: false,
          question_count: 1,
          marks_total: 1,
          sitting_count: 0,
        },
      ],
    };
    const seen = stubFetch(answers({ 'GET /api/v1/admin/exams/': { status: 200, body: list } }));
    renderApp('/content/admin/exams/edit/?kind=question_set&published=false');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Fractions check' })).toHaveAttribute(
      'href',
      '/content/admin/exams/edit/9/',
    );
    expect(within(table).getByText('Topic: Fractions')).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.url === '/api/v1/admin/exams/?kind=question_set&published=false')).toBe(true);
  });

  it('creates the draft from the details and goes on to its questions', async () => {
    const seen = stubFetch(
      answers({ 'POST /api/v1/admin/exams/': { status: 201, body: makeExam({ sections: [], question_count: 0 }) } }),
    );
    renderApp('/content/admin/exams/create/1/');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Fractions check');
    await userEvent.click(screen.getByRole('button', { name: 'Next: sections and questions' }));
    expect(await screen.findByText('Choose a course.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Course' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Year 8 Mathematics (2026)' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Topic' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fractions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next: sections and questions' }));

    expect(await screen.findByText('Step 2 of 2: sections and questions')).toBeInTheDocument();
    expect(apiCalls(seen).find((r) => r.method === 'POST')!.body).toMatchObject({
      course_id: 7,
      title: 'Fractions check',
      kind: 'question_set',
      placement: { kind: 'topic', section_id: 21 },
    });
  });

  it("places a question set as a lesson's question set (the Lesson field stays until a lesson is picked)", async () => {
    const seen = stubFetch(
      answers({ 'POST /api/v1/admin/exams/': { status: 201, body: makeExam({ sections: [], question_count: 0 }) } }),
    );
    renderApp('/content/admin/exams/create/1/');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Fractions check');
    await userEvent.click(screen.getByRole('combobox', { name: 'Course' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Year 8 Mathematics (2026)' }));
    await userEvent.click(screen.getByText("As a lesson's question set"));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Lesson' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fractions › Equivalent fractions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next: sections and questions' }));

    expect(await screen.findByText('Step 2 of 2: sections and questions')).toBeInTheDocument();
    expect(apiCalls(seen).find((r) => r.method === 'POST')!.body).toMatchObject({
      kind: 'question_set',
      placement: { kind: 'lesson', lesson_id: 31 },
    });
  });
});
