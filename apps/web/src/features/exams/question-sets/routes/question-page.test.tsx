import type { Sitting } from '@banksia/contracts/exam-api';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCalls, jsonResponse, stubFetch } from '../../../../test/fetch-stub';
import {
  course,
  makeClass,
  makeClassAssemblage,
  makeMe,
  makeQuestionSet,
  makeQuestionSetAnswer,
  makeQuestionSetSitting,
} from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render';

vi.mock('../../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

// The pages load lazily through the router; loading them once before the tests keeps that (slow under load) out of
// each test's time.
beforeAll(async () => {
  await import('./question-page');
  await import('./question-set-page');
}, 60_000);

// The first render loads the app's lazy route modules, which takes a while under test.
const FIRST_LOAD = { timeout: 5000 };

const ava = makeMe({ roles: ['student'], classes: [makeClass({ id: 11, role: 'student' })] });
const questionPath = (questionId: number) => `/class/11/question-set/400/question/${questionId}/`;

/** The class's course with the tabbed question set flag on or off for the class's plan (EXTENDED). */
function assemblage(tabbed: boolean) {
  return makeClassAssemblage({
    course: {
      ...course,
      feature_sets: {
        ...course.feature_sets,
        ...(tabbed ? { TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET: ['EXTENDED'] } : {}),
      },
    },
  });
}

function stubSet({ tabbed, sitting = makeQuestionSetSitting() }: { tabbed: boolean; sitting?: Sitting | null }) {
  return stubFetch({
    'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
    'GET /api/v1/classes/11/assemblage/': { status: 200, body: assemblage(tabbed) },
    'GET /api/v1/exams/400/': { status: 200, body: makeQuestionSet() },
    'GET /api/v1/classes/11/exams/400/sitting/': { status: 200, body: sitting ?? null },
  });
}

describe('question set navigation', () => {
  it('shows "Question 2 of 3" with a compact list of the questions when the course flag is off', async () => {
    stubSet({ tabbed: false });
    renderApp(questionPath(902));

    expect(await screen.findByRole('heading', { level: 2, name: 'Question 2' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 answered')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

    const list = screen.getByRole('navigation', { name: 'Questions' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      '1Question 1, answered',
      '2Question 2, not answered',
      '3Question 3, not answered',
    ]);
    expect(within(list).getByRole('link', { name: 'Question 1, answered' })).toHaveAttribute('href', questionPath(901));
    expect(within(list).getByRole('link', { name: 'Question 2, not answered' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', questionPath(901));
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', questionPath(903));
  });

  it('shows a tab per question, marked answered or not, when the course flag is on; choosing a tab changes the URL', async () => {
    const seen = stubSet({ tabbed: true });
    const { user, router } = renderApp(questionPath(902));

    const tabs = await screen.findByRole('tablist', { name: 'Questions' }, FIRST_LOAD);
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Question 1, answered', 'Question 2, not answered', 'Question 3, not answered']);
    expect(within(tabs).getByRole('tab', { name: 'Question 2, not answered' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByRole('heading', { name: 'Question 2' }));
    expect(screen.queryByText('Question 2 of 3')).not.toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Question 3, not answered' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 3' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(questionPath(903));
    expect(within(tabs).getByRole('tab', { name: 'Question 3, not answered' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Moving between questions reads nothing again: the set and the sitting were loaded once for the page.
    expect(apiCalls(seen).filter((r) => r.path === '/api/v1/exams/400/')).toHaveLength(1);
    expect(apiCalls(seen).filter((r) => r.path === '/api/v1/classes/11/exams/400/sitting/')).toHaveLength(1);
  });

  it('marks a question answered as soon as the student answers it', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: assemblage(true) },
      'GET /api/v1/exams/400/': { status: 200, body: makeQuestionSet() },
      'GET /api/v1/classes/11/exams/400/sitting/': { status: 200, body: makeQuestionSetSitting() },
      'PUT /api/v1/sittings/77/questions/902/answer/': (request) =>
        jsonResponse(
          200,
          makeQuestionSetAnswer({ question_id: 902, answer: (request.body as { answer: never }).answer }),
        ),
    });
    const { user } = renderApp(questionPath(902));

    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }, FIRST_LOAD), '3/4');
    expect(screen.getByRole('tab', { name: 'Question 2, answered' })).toBeInTheDocument();
  });
});

describe('submitting a question set', () => {
  it('asks first when questions are unanswered, saves what is typed, submits and shows the result', async () => {
    let sitting = makeQuestionSetSitting();
    const seen = stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: assemblage(false) },
      'GET /api/v1/exams/400/': { status: 200, body: makeQuestionSet() },
      'GET /api/v1/classes/11/exams/400/sitting/': () => jsonResponse(200, sitting),
      'PUT /api/v1/sittings/77/questions/903/answer/': (request) =>
        jsonResponse(
          200,
          makeQuestionSetAnswer({ question_id: 903, answer: (request.body as { answer: never }).answer }),
        ),
      'POST /api/v1/sittings/77/submit/': () => {
        sitting = makeQuestionSetSitting({
          status: 'submitted',
          submitted_at: '2026-03-02T10:05:00.000Z',
          answers: [
            makeQuestionSetAnswer({
              question_id: 901,
              answer: { option_ids: ['a'] },
              mark_status: 'correct',
              marks_awarded: 1,
            }),
            makeQuestionSetAnswer({ question_id: 902, mark_status: 'unanswered', marks_awarded: 0 }),
            makeQuestionSetAnswer({
              question_id: 903,
              answer: { value: '37.5' },
              mark_status: 'correct',
              marks_awarded: 1,
            }),
          ],
          result: { scored: true, released: true, marks_awarded: 2, marks_total: 3, needs_marking: 0 },
        });
        return jsonResponse(200, sitting);
      },
    });
    const { user, router } = renderApp(questionPath(903));

    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }, FIRST_LOAD), '37.5');
    // The last question submits; question 2 has no answer, so the student is asked first.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit with unanswered questions?' });
    expect(dialog).toHaveTextContent('Question 2 has no answer yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit anyway' }));

    expect(await screen.findByRole('heading', { name: 'Your result' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/class/11/question-set/400/');
    expect(screen.getByText('2 out of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // The typed answer reached the server before the submit did.
    const calls = apiCalls(seen).map((r) => `${r.method} ${r.path}`);
    const saved = calls.indexOf('PUT /api/v1/sittings/77/questions/903/answer/');
    expect(saved).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('POST /api/v1/sittings/77/submit/')).toBeGreaterThan(saved);
    expect(apiCalls(seen).find((r) => r.method === 'PUT')?.body).toEqual({ answer: { value: '37.5' }, version: 0 });
  });

  it('shows each question with the answer given, its mark and the worked solution once submitted', async () => {
    const exam = makeQuestionSet();
    exam.sections[0]!.questions[0]!.solution = {
      worked_solution: '<p>Multiply top and bottom by 3.</p>',
      correct_option_ids: ['a'],
    };
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: assemblage(false) },
      'GET /api/v1/exams/400/': { status: 200, body: exam },
      'GET /api/v1/classes/11/exams/400/sitting/': {
        status: 200,
        body: makeQuestionSetSitting({
          status: 'submitted',
          answers: [
            makeQuestionSetAnswer({
              question_id: 901,
              answer: { option_ids: ['b'] },
              mark_status: 'incorrect',
              marks_awarded: 0,
            }),
          ],
          result: { scored: true, released: true, marks_awarded: 0, marks_total: 3, needs_marking: 0 },
        }),
      },
    });
    renderApp(questionPath(901));

    const answer = await screen.findByRole('region', { name: 'Your answer' }, FIRST_LOAD);
    expect(within(answer).getByText(/Incorrect/)).toBeInTheDocument();
    expect(within(answer).getByText('1/3')).toBeInTheDocument();
    const solution = screen.getByRole('region', { name: 'Solution' });
    expect(within(solution).getByText('Multiply top and bottom by 3.')).toBeInTheDocument();
    // Nothing to answer any more.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });
});

describe('a lesson question set outside the class plan', () => {
  it("says lesson questions aren't in the plan when LESSON_QUESTIONS is off for the class, and loads nothing", async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
      'GET /api/v1/classes/11/assemblage/': {
        status: 200,
        body: makeClassAssemblage({
          class: { id: 11, title: '9MAT1', class_type: 'N', features: 'STANDARD', calendar_year: 2026 },
        }),
      },
    });
    renderApp('/class/11/question-set/400/');

    expect(
      await screen.findByRole('heading', { name: "Lesson questions aren't in your class's plan" }, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(apiCalls(seen).some((r) => r.path.startsWith('/api/v1/exams/'))).toBe(false);
  });
});
