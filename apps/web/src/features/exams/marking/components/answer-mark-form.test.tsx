import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../../test/fetch-stub';
import { renderWithProviders } from '../../../../test/render';
import { AnswerMarkForm, marksProblem, type QuestionResponse } from './answer-mark-form';

const MARK_URL = '/api/v1/sittings/40/questions/7/mark/';
const params = { classId: 3, examId: 8, questionId: 7 };

const response = (overrides: Partial<QuestionResponse> = {}): QuestionResponse => ({
  profile_id: 12,
  first_name: 'Amelia',
  last_name: 'Chen',
  sitting_id: 40,
  submitted_at: '2026-06-03T02:15:00.000Z',
  transcribed: false,
  answer: { html: '<p>Because 10/15 is more than 9/15.</p>' },
  mark_status: 'needs_marking',
  marks_awarded: null,
  feedback: '',
  marked_by_teacher: false,
  ...overrides,
});

const markedAnswer = (marks: number, feedback = '') => ({
  question_id: 7,
  answer: { html: '<p>Because 10/15 is more than 9/15.</p>' },
  version: 3,
  updated_at: '2026-06-03T03:00:00.000Z',
  mark_status: marks >= 3 ? 'correct' : marks > 0 ? 'partially_correct' : 'incorrect',
  marks_awarded: marks,
  feedback,
});

function renderForm(overrides: Partial<QuestionResponse> = {}) {
  return renderWithProviders(
    <AnswerMarkForm params={params} marks={3} response={response(overrides)} studentName="Amelia Chen" />,
  );
}

const marksBox = () => screen.getByLabelText(/Marks for Amelia Chen/);
const saveButton = () => screen.getByRole('button', { name: /Save mark/ });
const markCalls = (seen: Parameters<typeof apiCalls>[0]) => apiCalls(seen).filter((r) => r.path === MARK_URL);

// ProseMirror measures the page when it places the cursor; jsdom does no layout, so these answer with empty boxes.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= emptyRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  Element.prototype.getClientRects ??= emptyRects;
  document.elementFromPoint ??= () => null;
});

describe('marksProblem', () => {
  it.each([
    ['', 'Give a mark from 0 to 3.'],
    [-1, 'Give a mark from 0 to 3.'],
    [3.5, 'Give a mark from 0 to 3.'],
    ['abc', 'Give a mark from 0 to 3.'],
    [0, null],
    [1.5, null],
    [3, null],
    ['2', null],
  ])('%s → %s', (value, expected) => {
    expect(marksProblem(value, 3)).toBe(expected);
  });
});

describe('AnswerMarkForm', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=test-csrf-token; path=/';
  });

  it('refuses marks above the question’s marks or empty, without asking the server', async () => {
    const seen = stubFetch({});
    const { user } = renderForm();
    await user.click(saveButton());
    expect(await screen.findByText('Give a mark from 0 to 3.')).toBeInTheDocument();
    await user.type(marksBox(), '4');
    // The message goes as soon as the mark changes, and comes back on the next save.
    expect(screen.queryByText('Give a mark from 0 to 3.')).not.toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText('Give a mark from 0 to 3.')).toBeInTheDocument();
    expect(marksBox()).toHaveAttribute('aria-invalid', 'true');
    expect(markCalls(seen)).toHaveLength(0);
  });

  it('saves the marks with the feedback written, and says it is saved', async () => {
    const seen = stubFetch({ [`PUT ${MARK_URL}`]: { status: 200, body: markedAnswer(1.5, '<p>Hi</p>') } });
    const { user } = renderForm();
    await user.type(marksBox(), '1.5');
    await user.click(screen.getByRole('button', { name: /Add feedback/ }));
    // The editor loads lazily (its own chunk), which can take a while on a busy machine.
    const editor = await screen.findByRole('textbox', { name: 'Feedback for Amelia Chen' }, { timeout: 5000 });
    await user.click(editor);
    // jsdom's contenteditable is only an approximation of a browser's: longer words lose letters there.
    await user.keyboard('Hi');
    await waitFor(() => expect(editor).toHaveTextContent('Hi'));
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    await user.click(saveButton());
    await waitFor(() => expect(markCalls(seen)).toHaveLength(1));
    expect(markCalls(seen)[0]!.method).toBe('PUT');
    expect(markCalls(seen)[0]!.body).toEqual({ marks_awarded: 1.5, feedback: '<p>Hi</p>' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('leaves the feedback out when only the marks change, so the feedback given stays', async () => {
    const seen = stubFetch({ [`PUT ${MARK_URL}`]: { status: 200, body: markedAnswer(3, '<p>Well argued.</p>') } });
    const { user } = renderForm({
      mark_status: 'partially_correct',
      marks_awarded: 2,
      feedback: '<p>Well argued.</p>',
    });
    expect(screen.getByText('Well argued.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Full marks for Amelia Chen' }));
    await user.click(saveButton());
    await waitFor(() => expect(markCalls(seen)).toHaveLength(1));
    expect(markCalls(seen)[0]!.body).toEqual({ marks_awarded: 3 });
  });

  it('shows the server’s refusal under the marks, and clears it when the mark changes', async () => {
    stubFetch({
      [`PUT ${MARK_URL}`]: {
        status: 400,
        body: { detail: 'Invalid input.', code: 'validation_failed', errors: { marks_awarded: ['At most 2.'] } },
      },
    });
    const { user } = renderForm();
    await user.type(marksBox(), '3');
    await user.click(saveButton());
    expect(await screen.findByText('At most 2.')).toBeInTheDocument();
    await user.clear(marksBox());
    await user.type(marksBox(), '2');
    expect(screen.queryByText('At most 2.')).not.toBeInTheDocument();
  });

  it('says the mark was not saved when the request fails, and keeps what was typed', async () => {
    stubFetch({
      [`PUT ${MARK_URL}`]: { status: 409, body: { detail: 'Answers are marked once submitted.', code: 'conflict' } },
    });
    const { user } = renderForm();
    await user.type(marksBox(), '2');
    await user.click(saveButton());
    expect(await screen.findByText('The mark was not saved')).toBeInTheDocument();
    expect(screen.getByText('Answers are marked once submitted.')).toBeInTheDocument();
    expect(marksBox()).toHaveValue('2');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
