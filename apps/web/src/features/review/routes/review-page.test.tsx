import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import type { ReviewAnswerResult, ReviewCard, ReviewToday } from '@banksia/contracts/review';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCalls, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { makeClass, makeMe } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

vi.mock('../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

// The page loads lazily through the router; loading it once before the tests keeps that (slow under load) out of
// each test's time.
beforeAll(async () => {
  await import('./review-page');
  await import('../../../app/routes/review-today-page');
}, 60_000);

const FIRST_LOAD = { timeout: 15_000 };

function question(id: number, extra: Partial<ExamQuestionView>): ExamQuestionView {
  return {
    id,
    section_id: 50,
    position: 0,
    type: 'short_text',
    marks: 1,
    prompt: '<p>A question</p>',
    solution: null,
    ...extra,
  };
}

function card(questionId: number, extra: Partial<ReviewCard> = {}): ReviewCard {
  return {
    class_id: 7,
    class_name: '9MAT1',
    question_id: questionId,
    exam_id: 400,
    exam_title: 'Fractions test',
    topic: 'Fractions',
    source: 'wrong',
    due: '2026-03-02T00:00:00.000Z',
    reps: 0,
    lapses: 0,
    question: question(questionId, {}),
    ...extra,
  };
}

function today(overrides: Partial<ReviewToday> = {}): ReviewToday {
  return {
    time_zone: 'Australia/Sydney',
    cards: [],
    due_today: 0,
    done_today: 0,
    total_cards: 0,
    next_due: null,
    ...overrides,
  };
}

function result(overrides: Partial<ReviewAnswerResult>): ReviewAnswerResult {
  return {
    class_id: 7,
    question_id: 901,
    correct: true,
    mark_status: 'correct',
    marks_awarded: 1,
    rating: 3,
    solution: { worked_solution: '<p>Multiply top and bottom by 3.</p>', correct_option_ids: ['a'] },
    due: '2026-03-05T00:00:00.000Z',
    scheduled_days: 3,
    comes_back_in_days: 3,
    reps: 1,
    lapses: 0,
    ...overrides,
  };
}

const me = { status: 200, body: { me: makeMe({ classes: [makeClass({ id: 7, title: '9MAT1', role: 'student' })] }) } };

describe("today's review", () => {
  it('works through the set one question at a time: check, solution, when it comes back, next, done', async () => {
    const set = today({
      cards: [
        card(901, {
          question: question(901, {
            type: 'multiple_choice',
            prompt: '<p>Which fraction is equivalent to 1/2?</p>',
            options: [
              { id: 'a', text: '3/6' },
              { id: 'b', text: '1/3' },
            ],
            multiple: false,
          }),
        }),
        card(902, {
          source: 'low_rating',
          exam_title: 'Simplifying check',
          question: question(902, { prompt: '<p>Write 6/8 in its simplest form.</p>' }),
        }),
      ],
      due_today: 2,
      total_cards: 2,
    });
    let reviewGets = 0;
    const seen = stubFetch({
      'GET /api/v1/auth/session/': me,
      'GET /api/v1/review/': () => {
        reviewGets += 1;
        return jsonResponse(
          200,
          reviewGets === 1 ? set : today({ done_today: 2, total_cards: 2, next_due: '2026-03-03T00:00:00.000Z' }),
        );
      },
      'POST /api/v1/classes/7/review/questions/901/answer/': { status: 200, body: result({}) },
      'POST /api/v1/classes/7/review/questions/902/answer/': {
        status: 200,
        body: result({
          question_id: 902,
          correct: false,
          mark_status: 'incorrect',
          marks_awarded: 0,
          rating: 1,
          solution: { worked_solution: '<p>Divide both by 2.</p>', accepted_answers: ['3/4'] },
          comes_back_in_days: 1,
          scheduled_days: 1,
          due: '2026-03-03T00:00:00.000Z',
        }),
      },
    });
    const { user } = renderApp('/review/');

    expect(await screen.findByRole('heading', { level: 1, name: "Today's review" }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Question 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('You got this wrong in Fractions test.')).toBeInTheDocument();
    const check = screen.getByRole('button', { name: 'Check' });
    expect(check).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: '3/6' }));
    await user.click(check);
    const right = await screen.findByRole('region', { name: 'Right!' });
    expect(within(right).getByText(/Comes back in 3 days/)).toBeInTheDocument();
    expect(within(right).getByText('Multiply top and bottom by 3.')).toBeInTheDocument();
    // Checked answers cannot change, and cannot be checked twice.
    expect(screen.getByRole('radio', { name: '3/6' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Check' })).not.toBeInTheDocument();

    await user.click(within(right).getByRole('button', { name: 'Next question' }));
    expect(screen.getByText('Question 2 of 2')).toBeInTheDocument();
    expect(screen.getByText(/after you rated the lesson as one to revisit/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), '6/8');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const wrong = await screen.findByRole('region', { name: 'Not quite.' });
    expect(within(wrong).getByText(/Comes back tomorrow/)).toBeInTheDocument();
    expect(within(wrong).getByText('Divide both by 2.')).toBeInTheDocument();

    await user.click(within(wrong).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: 'All done for today' })).toBeInTheDocument();
    expect(screen.getByText('You reviewed 2 questions today. Well done.')).toBeInTheDocument();
    expect(screen.getByText(/Your next review is on/)).toBeInTheDocument();

    const posts = apiCalls(seen).filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, (r.body as { answer: unknown }).answer])).toEqual([
      ['/api/v1/classes/7/review/questions/901/answer/', { option_ids: ['a'] }],
      ['/api/v1/classes/7/review/questions/902/answer/', { text: '6/8' }],
    ]);
    expect(apiCalls(seen).filter((r) => r.method === 'GET' && r.path === '/api/v1/review/')).toHaveLength(2);
  }, 30_000);

  it('offers another set when more are due than one set holds', async () => {
    let reviewGets = 0;
    stubFetch({
      'GET /api/v1/auth/session/': me,
      'GET /api/v1/review/': () => {
        reviewGets += 1;
        return jsonResponse(
          200,
          reviewGets === 1
            ? today({ cards: [card(901)], due_today: 3, total_cards: 3 })
            : today({
                cards: [card(903, { question: question(903, { prompt: '<p>Third</p>' }) })],
                due_today: 2,
                done_today: 1,
                total_cards: 3,
              }),
        );
      },
      'POST /api/v1/classes/7/review/questions/901/answer/': { status: 200, body: result({}) },
    });
    const { user } = renderApp('/review/');
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }, FIRST_LOAD), 'half');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByText(
        '2 more questions are due today. You can do another set now, or leave them for tomorrow.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Do another set (2)' }));
    expect(await screen.findByText('Third')).toBeInTheDocument();
    expect(screen.getByText('Question 1 of 1')).toBeInTheDocument();
  });

  it('explains where review questions come from when there are none, and says when the next is due', async () => {
    stubFetch({ 'GET /api/v1/auth/session/': me, 'GET /api/v1/review/': { status: 200, body: today() } });
    const first = renderApp('/review/');
    expect(await screen.findByRole('heading', { name: 'Nothing to review yet' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText(/wrong, or partly wrong, in exams and question sets/)).toBeInTheDocument();
    expect(screen.getByText(/when you rate the lesson 1 or 2/)).toBeInTheDocument();
    first.unmount();

    stubFetch({
      'GET /api/v1/auth/session/': me,
      'GET /api/v1/review/': {
        status: 200,
        body: today({ total_cards: 4, next_due: '2026-03-09T00:00:00.000Z' }),
      },
    });
    renderApp('/review/');
    expect(await screen.findByRole('heading', { name: 'Nothing due today' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText(/Your next review is on/)).toBeInTheDocument();
  });

  it('says why an answer could not be checked, and keeps it to try again', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': me,
      'GET /api/v1/review/': { status: 200, body: today({ cards: [card(901)], due_today: 1, total_cards: 1 }) },
      'POST /api/v1/classes/7/review/questions/901/answer/': {
        status: 409,
        body: { detail: 'This question is not due yet: it comes back on 2026-03-05.', code: 'conflict' },
      },
    });
    const { user } = renderApp('/review/');
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }, FIRST_LOAD), 'half');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not due yet/);
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('half');
    expect(screen.getByRole('button', { name: 'Check' })).toBeEnabled();
  });
});
