import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCalls, jsonResponse, stubFetch } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render';
import { makeDemoCheck, makeQuestionSet } from '../../../../test/fixtures';

vi.mock('../../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

// The pages load lazily through the router; loading them once before the tests keeps that (slow under load) out of
// each test's time.
beforeAll(async () => {
  await import('./demo-question-page');
  await import('./demo-question-set-page');
}, 60_000);

const FIRST_LOAD = { timeout: 5000 };
const signedOut = { status: 200, body: { me: null } };

afterEach(() => window.sessionStorage.clear());

function stubDemo() {
  return stubFetch({
    'GET /api/v1/auth/session/': signedOut,
    'GET /api/v1/demo/question-sets/400/': { status: 200, body: makeQuestionSet() },
    'POST /api/v1/demo/question-sets/400/check/': (request) => {
      const { answer } = request.body as { answer: { option_ids: string[] } };
      const right = answer.option_ids.includes('a');
      return jsonResponse(
        200,
        makeDemoCheck({ mark_status: right ? 'correct' : 'incorrect', marks_awarded: right ? 1 : 0 }),
      );
    },
  });
}

describe('demo question set', () => {
  it('checks an answer with the server and shows the mark and the worked solution, recording nothing', async () => {
    const seen = stubDemo();
    const { user } = renderApp('/demo/question-set/400/question/901/');

    expect(await screen.findByText('This is a demo: your answers are not saved.', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/account/',
    );
    const check = screen.getByRole('button', { name: 'Check answer' });
    expect(check).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: '3/6' }));
    await user.click(check);

    const result = await screen.findByRole('region', { name: 'Your answer' });
    expect(within(result).getByText(/Correct/)).toBeInTheDocument();
    expect(within(result).getByText('Worked solution')).toBeInTheDocument();
    expect(within(result).getByText('Multiply top and bottom by 3.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Question 1, answered' })).toBeInTheDocument();

    // One check, of exactly this answer, and nothing else sent: no sitting, no saved answer.
    expect(apiCalls(seen).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/auth/session/',
      'GET /api/v1/demo/question-sets/400/',
      'POST /api/v1/demo/question-sets/400/check/',
    ]);
    expect(apiCalls(seen).at(-1)?.body).toEqual({ question_id: 901, answer: { option_ids: ['a'] } });
  });

  it('drops a check when the answer changes, and keeps answers and checks in the tab across a reload', async () => {
    const seen = stubDemo();
    const first = renderApp('/demo/question-set/400/question/901/');
    await first.user.click(await screen.findByRole('radio', { name: '1/3' }, FIRST_LOAD));
    await first.user.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText(/Incorrect/)).toBeInTheDocument();

    // A new answer: the old check no longer applies.
    await first.user.click(screen.getByRole('radio', { name: '3/6' }));
    expect(screen.queryByText(/Incorrect/)).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText(/Correct/)).toBeInTheDocument();
    first.unmount();

    // As after a reload: the set's page shows the checked answer, with nothing asked of the server but the set.
    const before = apiCalls(seen).length;
    renderApp('/demo/question-set/400/');
    const list = await screen.findByRole('list', { name: 'Questions' });
    expect(within(list).getByText(/Correct/)).toBeInTheDocument();
    expect(screen.getByText(/You have checked/)).toHaveTextContent('You have checked 1 of 3 answers: 1 correct.');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/demo/question-set/400/question/902/',
    );
    expect(
      apiCalls(seen)
        .slice(before)
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual(['GET /api/v1/auth/session/', 'GET /api/v1/demo/question-sets/400/']);
  });
});
