import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCalls, jsonResponse, stubFetch } from '../../../../test/fetch-stub';
import {
  exams,
  makeClass,
  makeClassAssemblage,
  makeMe,
  makeQuestionSetAnswer,
  makeQuestionSetSitting,
  makeReflectiveSet,
} from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render';

vi.mock('../../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

// The pages load lazily through the router; loading them once before the tests keeps that (slow under load) out of
// each test's time.
beforeAll(async () => {
  await import('./question-page');
  await import('./question-set-page');
}, 60_000);

const FIRST_LOAD = { timeout: 5000 };
const ava = makeMe({ roles: ['student'], classes: [makeClass({ id: 11, role: 'student' })] });
const reflective = makeReflectiveSet();
const assemblage = makeClassAssemblage({
  exams: {
    ...exams,
    '403': {
      id: 403,
      title: reflective.title,
      kind: 'reflective_question_set',
      is_published: true,
      is_submittable: true,
      question_count: 2,
      marks_total: '2',
      additional_materials: '',
    },
  },
});

const submitted = makeQuestionSetSitting({
  exam_id: 403,
  status: 'submitted',
  submitted_at: '2026-03-02T10:05:00.000Z',
  answers: [makeQuestionSetAnswer({ question_id: 951, answer: { confidence: 4, revisit: 'Common denominators' } })],
  result: { scored: false, released: false, marks_awarded: 0, marks_total: 2, needs_marking: 0 },
});

function stubReflective(sitting: unknown, extra = {}) {
  return stubFetch({
    'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
    'GET /api/v1/classes/11/assemblage/': { status: 200, body: assemblage },
    'GET /api/v1/exams/403/': { status: 200, body: reflective },
    'GET /api/v1/classes/11/exams/403/sitting/': { status: 200, body: sitting },
    ...extra,
  });
}

/** Anything that would tell a mark: "1 mark", "2 marks", "0 out of 2", a mark badge. */
const MARKS = /\d+\s*marks?\b|out of|Correct|Incorrect|\d+\/\d+/;

describe('reflective question set', () => {
  it("shows the student's reflections after submitting, and no marks anywhere", async () => {
    stubReflective(submitted);
    renderApp('/class/11/question-set/403/');

    const reflections = await screen.findByRole('region', { name: 'Your reflections' }, FIRST_LOAD);
    const first = within(reflections).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('How confident do you feel finding equivalent fractions?');
    expect(first).toHaveTextContent('Confidence: 4 of 5 — Confident');
    expect(first).toHaveTextContent('To revisit: Common denominators');
    expect(within(reflections).getAllByRole('listitem')[1]).toHaveTextContent('Not answered');
    expect(screen.getByText('Reflection · 2 questions · not marked')).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(MARKS);
    expect(screen.getByRole('button', { name: 'Reflect again' })).toBeInTheDocument();
  });

  it('shows a submitted reflection on its question page without a mark or a solution', async () => {
    stubReflective(submitted);
    renderApp('/class/11/question-set/403/question/951/');

    expect(await screen.findByRole('heading', { name: 'Your reflection' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Common denominators')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Solution' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(MARKS);
  });

  it('answers each prompt with a confidence and what to revisit, saved as a reflection, without marks', async () => {
    const open = makeQuestionSetSitting({ exam_id: 403, answers: [] });
    const seen = stubReflective(open, {
      'PUT /api/v1/sittings/77/questions/951/answer/': (request: { body: unknown }) =>
        jsonResponse(
          200,
          makeQuestionSetAnswer({ question_id: 951, answer: (request.body as { answer: never }).answer }),
        ),
    });
    const { user } = renderApp('/class/11/question-set/403/question/951/');

    const confidence = await screen.findByRole('radiogroup', { name: 'How confident do you feel?' }, FIRST_LOAD);
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(MARKS);
    await user.click(within(confidence).getByRole('radio', { name: /3\s*Fairly confident/ }));

    await waitFor(() => expect(apiCalls(seen).some((r) => r.method === 'PUT')).toBe(true), { timeout: 3000 });
    expect(apiCalls(seen).find((r) => r.method === 'PUT')?.body).toEqual({
      answer: { confidence: 3, revisit: '' },
      version: 0,
    });
    expect(screen.getByRole('link', { name: 'Question 1, answered' })).toBeInTheDocument();
  });
});
