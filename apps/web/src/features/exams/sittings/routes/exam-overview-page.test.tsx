import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, stubFetch, type Answer } from '../../../../test/fetch-stub';
import { makeClasses, makeExam, makeMe, makeSitting } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render';

vi.mock('../../../../lib/error-reporting', () => ({ reportError: vi.fn() }));
vi.setConfig({ testTimeout: 20_000 });

const START = '/api/v1/classes/1/exams/3/start/';
const SITTING = '/api/v1/classes/1/exams/3/sitting/';

function stubOverview(overrides: Record<string, Answer> = {}) {
  return stubFetch({
    'GET /api/v1/auth/session/': { status: 200, body: { me: makeMe({ user: { ...makeMe().user, id: 9 } }) } },
    'GET /api/v1/exams/3/': { status: 200, body: makeExam({ additional_materials: 'Ruler' }) },
    'GET /api/v1/exams/3/classes/': { status: 200, body: makeClasses() },
    [`GET ${SITTING}`]: { status: 200, body: null },
    [`POST ${START}`]: { status: 201, body: makeSitting() },
    ...overrides,
  });
}

const open = async (path = '/exams/3/') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Fractions test' }, { timeout: 5_000 });
  return view;
};

describe('the exam overview page', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=test-csrf-token; path=/';
  });

  it('shows the time, what to bring and the sections, and Start opens the first section', async () => {
    const seen = stubOverview();
    const { user, router } = await open();
    expect(screen.getByText(/You have/)).toHaveTextContent('You have 30 minutes.');
    expect(screen.getByText('Ruler')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'About this exam' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SectionQuestionsMarks', 'Section A22', 'Section B12', 'Total34']);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('heading', { level: 2, name: 'Section A' }, { timeout: 5_000 });
    expect(router.state.location.pathname).toBe('/exams/3/10/');
    expect(router.state.location.search).toBe('?class=1');
    expect(
      apiCalls(seen)
        .filter((r) => r.method === 'POST')
        .map((r) => r.path),
    ).toEqual([START]);
  });

  it('shows the extra time of a sitting already started, and offers Resume', async () => {
    stubOverview({ [`GET ${SITTING}`]: { status: 200, body: makeSitting({ extra_time_minutes: 10 }) } });
    await open();
    expect(screen.getByText(/You have/)).toHaveTextContent('You have 30 minutes + 10 minutes extra time.');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeEnabled();
  });

  it('says clearly when the teacher has locked the exam, and offers no way in', async () => {
    stubOverview({ 'GET /api/v1/exams/3/classes/': { status: 200, body: makeClasses({ is_locked: true }) } });
    await open();
    expect(screen.getByText('Your teacher has locked this exam')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
  });

  it('shows the server’s refusal when the exam was locked after the page opened (409 exam_locked)', async () => {
    stubOverview({ [`POST ${START}`]: { status: 409, body: { code: 'exam_locked', detail: 'Locked.' } } });
    const { user, router } = await open();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Your teacher has locked this exam')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/exams/3/');
  });

  it('asks which class when the exam is in several of the student’s classes', async () => {
    stubOverview({
      'GET /api/v1/exams/3/classes/': {
        status: 200,
        body: {
          exam_id: 3,
          classes: [
            {
              class_id: 1,
              name: '9MAT1',
              teaches: false,
              is_locked: false,
              released_at: null,
              extra_time_minutes: 0,
              sitting: null,
            },
            {
              class_id: 2,
              name: '9MAT2',
              teaches: false,
              is_locked: false,
              released_at: null,
              extra_time_minutes: 0,
              sitting: null,
            },
          ],
        },
      },
    });
    await open();
    expect(screen.getByRole('heading', { name: 'Choose your class' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '9MAT2' })).toHaveAttribute('href', '/exams/3/?class=2');
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });

  it('after submitting: the marks so far, what waits for the teacher, and the ways to review', async () => {
    stubOverview({
      'GET /api/v1/exams/3/classes/': {
        status: 200,
        body: makeClasses({ sitting: { id: 50, status: 'submitted', submitted_at: '2026-11-21T10:20:00Z' } }),
      },
      [`GET ${SITTING}`]: {
        status: 200,
        body: makeSitting({
          status: 'submitted',
          submitted_at: '2026-11-21T10:20:00Z',
          time_remaining_seconds: null,
          result: { scored: true, released: false, marks_awarded: 2.5, marks_total: 4, needs_marking: 1 },
        }),
      },
    });
    await open();
    const result = screen.getByRole('region', { name: 'Submitted' });
    expect(within(result).getByText(/2.5 \/ 4 marks/)).toBeInTheDocument();
    expect(within(result).getByText('1 answer is waiting for your teacher to mark.')).toBeInTheDocument();
    expect(within(result).getByText(/hasn’t released the results yet/)).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Section A: your answers and solutions' })).toHaveAttribute(
      'href',
      '/exams/3/10/solution/?class=1',
    );
    expect(within(result).getByRole('link', { name: 'Your mistakes, to go over' })).toHaveAttribute(
      'href',
      '/exams/3/mistakes/?class=1',
    );
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });
});
