import type { Sitting } from '@banksia/contracts/exam-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAnswer, makeClasses, makeExam, makeMe, makeSitting } from '../../../../test/fixtures';
import { apiCalls, jsonResponse, stubFetch, type Answer, type SeenRequest } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render';
import { answerDraftKey, CHOICE_AUTOSAVE_DELAY_MS, TYPED_AUTOSAVE_DELAY_MS } from '../hooks/sitting-autosave';

vi.mock('../../../../lib/error-reporting', () => ({ reportError: vi.fn() }));
// Each test renders the whole app and loads the exam pages' lazy chunks.
vi.setConfig({ testTimeout: 20_000 });

const EXAM = '/api/v1/exams/3/';
const CLASSES = '/api/v1/exams/3/classes/';
const SITTING = '/api/v1/classes/1/exams/3/sitting/';
const SUBMIT = '/api/v1/sittings/50/submit/';
const answerUrl = (questionId: number) => `/api/v1/sittings/50/questions/${questionId}/answer/`;

/** An answer PUT that saves what it is sent, one version up. */
const saves: Answer = (request: SeenRequest) => {
  const { answer, version } = request.body as { answer: unknown; version: number };
  const questionId = Number(/questions\/(\d+)\//.exec(request.path)?.[1]);
  return jsonResponse(200, makeAnswer({ question_id: questionId, answer: answer as never, version: version + 1 }));
};

const submitted = (sitting: Sitting): Sitting => ({
  ...sitting,
  status: 'submitted',
  submitted_at: '2026-11-21T10:20:00Z',
  time_remaining_seconds: null,
  result: { scored: true, released: false, marks_awarded: 1, marks_total: 4, needs_marking: 0 },
});

function stubExam(overrides: Record<string, Answer> = {}, sitting: Sitting = makeSitting()) {
  return stubFetch({
    'GET /api/v1/auth/session/': { status: 200, body: { me: makeMe({ user: { ...makeMe().user, id: 9 } }) } },
    [`GET ${EXAM}`]: { status: 200, body: makeExam() },
    [`GET ${CLASSES}`]: {
      status: 200,
      body: makeClasses({ sitting: { id: sitting.id, status: sitting.status, submitted_at: null } }),
    },
    [`GET ${SITTING}`]: { status: 200, body: sitting },
    [`PUT ${answerUrl(101)}`]: saves,
    [`PUT ${answerUrl(102)}`]: saves,
    [`PUT ${answerUrl(103)}`]: saves,
    [`POST ${SUBMIT}`]: { status: 200, body: submitted(sitting) },
    ...overrides,
  });
}

const calls = (seen: SeenRequest[], method: string) => apiCalls(seen).filter((r) => r.method === method);
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function openSection(path = '/exams/3/10/?class=1') {
  const view = renderApp(path);
  // The first page loads its lazy chunks, which can take a while.
  await screen.findByRole('heading', { level: 2, name: 'Section A' }, { timeout: 5_000 });
  return view;
}

describe('the exam section page', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=test-csrf-token; path=/';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves each answer with the version it was made on, keeping it on the device until the server has it', async () => {
    const seen = stubExam(
      {},
      makeSitting({ answers: [makeAnswer({ question_id: 102, answer: { text: 'numer' }, version: 4 })] }),
    );
    await openSection();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('numer');
    expect(screen.getByRole('navigation', { name: /Questions/ })).toHaveTextContent('1 of 3 answered');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    fireEvent.click(screen.getByRole('radio', { name: '6/8' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'numerator' } });
    expect(localStorage.getItem(answerDraftKey(50, 101, 9))).toContain('"a"');
    await wait(CHOICE_AUTOSAVE_DELAY_MS);
    await wait(TYPED_AUTOSAVE_DELAY_MS);
    await wait(0);
    expect(calls(seen, 'PUT').map((r) => [r.path, r.body])).toEqual([
      [answerUrl(101), { answer: { option_ids: ['a'] }, version: 0 }],
      [answerUrl(102), { answer: { text: 'numerator' }, version: 4 }],
    ]);
    expect(localStorage.getItem(answerDraftKey(50, 101, 9))).toBeNull();
    expect(screen.getByRole('navigation', { name: /Questions/ })).toHaveTextContent('2 of 3 answered');
    expect(screen.getByRole('link', { name: '1, answered' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3, not answered' })).toBeInTheDocument();
  });

  it('asks before submitting, naming the unanswered questions; Keep working submits nothing', async () => {
    const seen = stubExam();
    const { user } = await openSection();
    await user.click(screen.getAllByRole('button', { name: 'Submit' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Submit your exam?' });
    expect(within(dialog).getByText('You haven’t answered 3 questions:')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Question 1', 'Question 2', 'Question 3']);
    expect(within(dialog).getByRole('link', { name: 'Question 3' })).toHaveAttribute(
      'href',
      '/exams/3/20/?class=1#question-103',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep working' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(seen, 'POST').filter((r) => r.path === SUBMIT)).toEqual([]);
  });

  it('submits once however often Submit is pressed, after sending the last answers, then shows the result', async () => {
    let release: () => void = () => {};
    const seen = stubExam({
      [`POST ${SUBMIT}`]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, submitted(makeSitting())));
        }),
    });
    const { user, router } = await openSection();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'denominator' } });
    await user.click(screen.getAllByRole('button', { name: 'Submit' })[0]!);
    const dialog = await screen.findByRole('dialog');
    // Answered now (though not saved yet): only the others are listed.
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Question 1', 'Question 3']);
    const confirm = within(dialog).getByRole('button', { name: 'Submit' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls(seen, 'POST').filter((r) => r.path === SUBMIT)).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toHaveAttribute('data-loading', 'true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    // The answer typed just before went first.
    const order = apiCalls(seen)
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`);
    expect(order).toEqual([`PUT ${answerUrl(102)}`, `POST ${SUBMIT}`]);

    release();
    await screen.findByRole('heading', { name: 'Submitted' }, { timeout: 5_000 });
    expect(router.state.location.pathname).toBe('/exams/3/');
    expect(router.state.location.search).toBe('?class=1');
    expect(screen.getByText(/1 \/ 4 marks/)).toBeInTheDocument();
    expect(calls(seen, 'POST').filter((r) => r.path === SUBMIT)).toHaveLength(1);
  });

  it('says so when the exam is locked at submit, and keeps the answers', async () => {
    stubExam({ [`POST ${SUBMIT}`]: { status: 409, body: { code: 'exam_locked', detail: 'Locked.' } } });
    const { user } = await openSection();
    await user.click(screen.getAllByRole('button', { name: 'Submit' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your teacher has locked this exam, so it can’t be submitted now. Your answers are saved',
    );
  });

  it('when the time is up, sends the answers still waiting and submits', async () => {
    const seen = stubExam({}, makeSitting({ time_remaining_seconds: 60 }));
    // Faked from the start, so the countdown's own interval is one the test moves on; the clock still runs meanwhile.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    await openSection();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'denominator' } });
    await wait(300);
    expect(calls(seen, 'PUT')).toEqual([]);
    await wait(60_000);
    vi.useRealTimers();
    await waitFor(() =>
      expect(
        apiCalls(seen)
          .filter((r) => r.method !== 'GET')
          .map((r) => `${r.method} ${r.path}`),
      ).toEqual([`PUT ${answerUrl(102)}`, `POST ${SUBMIT}`]),
    );
    await screen.findByRole('heading', { name: 'Submitted' }, { timeout: 5_000 });
  });

  it('stops and asks when an answer was saved elsewhere (409); Load latest shows the saved one', async () => {
    let sitting = makeSitting({ answers: [makeAnswer({ question_id: 102, answer: { text: 'mine' }, version: 2 })] });
    stubExam({
      [`GET ${SITTING}`]: () => jsonResponse(200, sitting),
      [`PUT ${answerUrl(102)}`]: { status: 409, body: { code: 'conflict', detail: 'Changed elsewhere.' } },
    });
    const { user } = await openSection();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'mine, changed' } });
    await wait(TYPED_AUTOSAVE_DELAY_MS);
    await wait(0);
    vi.useRealTimers();
    const question = screen.getByRole('region', { name: 'Question 2' });
    expect(within(question).getByRole('alert')).toHaveTextContent('These answers were changed somewhere else');
    expect(screen.getAllByText("Couldn't save").length).toBeGreaterThan(0);

    sitting = makeSitting({
      answers: [makeAnswer({ question_id: 102, answer: { text: 'from the other tab' }, version: 3 })],
    });
    await user.click(within(question).getByRole('button', { name: 'Load latest' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('from the other tab'));
    expect(within(question).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the exam is locked when a save is refused for that, and takes no more answers', async () => {
    stubExam({ [`PUT ${answerUrl(101)}`]: { status: 409, body: { code: 'exam_locked', detail: 'Locked.' } } });
    await openSection();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('radio', { name: '6/8' }));
    await wait(CHOICE_AUTOSAVE_DELAY_MS);
    await wait(0);
    vi.useRealTimers();
    expect(screen.getByRole('alert')).toHaveTextContent('Your teacher has locked this exam');
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toBeDisabled();
    // Kept on the device, for when the exam is unlocked.
    expect(localStorage.getItem(answerDraftKey(50, 101, 9))).toContain('"a"');
  });

  it('sends a student who has not started to the start page', async () => {
    stubExam({ [`GET ${SITTING}`]: { status: 200, body: null } });
    renderApp('/exams/3/10/?class=1');
    expect(await screen.findByText(/You haven’t started this exam yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/exams/3/?class=1');
  });
});
