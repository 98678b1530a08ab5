import type { ExamView, QuestionResponses } from '@banksia/contracts/exam-api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../../test/fetch-stub';
import { renderWithProviders } from '../../../../test/render';
import { QuestionMarkingPage } from './question-marking-page';
import { setAnonymisedCookie } from '../../../../lib/anonymiser';

vi.mock('../../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const EXAM_URL = '/api/v1/exams/8/';
const RESPONSES_URL = '/api/v1/classes/3/exams/8/questions/7/responses/';
const MARK_URL = '/api/v1/sittings/41/questions/7/mark/';
const PAGE = '/class/3/progress/exam/8/mark/question/7/';

const question = {
  id: 7,
  section_id: 2,
  position: 2,
  type: 'extended_response' as const,
  marks: 3,
  prompt: '<p>Explain why 2/3 is greater than 3/5.</p>',
  solution: { worked_solution: '<p>Use the common denominator 15.</p>' },
};

const exam: ExamView = {
  id: 8,
  title: 'Fractions test',
  kind: 'exam',
  is_published: true,
  is_submittable: true,
  question_count: 2,
  marks_total: '4',
  additional_materials: '',
  course_id: 1,
  time_limit_minutes: null,
  hide_solutions_until_release: false,
  sections: [
    {
      id: 2,
      title: 'Section A',
      position: 1,
      questions: [
        {
          id: 6,
          section_id: 2,
          position: 1,
          type: 'short_text',
          marks: 1,
          prompt: '<p>Name the bottom number.</p>',
          solution: { worked_solution: '', accepted_answers: ['denominator'] },
        },
        question,
      ],
    },
  ],
};

type StudentAnswer = QuestionResponses['responses'][number];
const answer = (sittingId: number, name: [string, string], overrides: Partial<StudentAnswer> = {}): StudentAnswer => ({
  profile_id: sittingId + 100,
  first_name: name[0],
  last_name: name[1],
  sitting_id: sittingId,
  submitted_at: '2026-06-03T02:15:00.000Z',
  transcribed: false,
  answer: { html: `<p>Answer of ${name[0]}</p>` },
  mark_status: 'needs_marking',
  marks_awarded: null,
  feedback: '',
  marked_by_teacher: false,
  ...overrides,
});

const named: QuestionResponses = {
  question,
  anonymised: false,
  responses: [
    answer(40, ['Amelia', 'Chen'], { mark_status: 'correct', marks_awarded: 3, marked_by_teacher: true }),
    answer(41, ['Leo', 'Clarke']),
  ],
};
const anonymised: QuestionResponses = {
  question,
  anonymised: true,
  responses: [
    answer(40, ['Steady', 'Seal'], { mark_status: 'correct', marks_awarded: 3, marked_by_teacher: true }),
    answer(41, ['Glad', 'Gecko']),
  ],
};

const render = (path: string) =>
  renderWithProviders(<QuestionMarkingPage classId={3} examId={8} questionId={7} userId={1} />, { path });

describe('QuestionMarkingPage', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=test-csrf-token; path=/';
  });
  afterEach(() => setAnonymisedCookie(false));

  it('hides names in place: what is typed stays, and no real name shows while the pseudonyms load', async () => {
    let answerAnonymised!: (response: Response) => void;
    stubFetch({
      [`GET ${EXAM_URL}`]: { status: 200, body: exam },
      [`GET ${RESPONSES_URL}`]: { status: 200, body: named },
      [`GET ${RESPONSES_URL}?anonymise=1`]: () => new Promise<Response>((resolve) => (answerAnonymised = resolve)),
    });
    const { user } = render(PAGE);
    const leo = await screen.findByRole('region', { name: 'Leo Clarke' });
    await user.type(within(leo).getByLabelText(/Marks for Leo Clarke/), '2');

    await user.click(screen.getByRole('switch', { name: /Hide student names/ }));
    expect(document.cookie).toContain('anonymizeStudentData=1');
    await waitFor(() => expect(screen.queryByText('Leo Clarke')).not.toBeInTheDocument());
    expect(screen.queryByText('Amelia Chen')).not.toBeInTheDocument();

    answerAnonymised(jsonResponse(200, anonymised));
    const gecko = await screen.findByRole('region', { name: 'Glad Gecko' });
    expect(within(gecko).getByLabelText(/Marks for Glad Gecko/)).toHaveValue('2');
  });

  it('lists only the answers waiting for marking, and keeps one listed once it is marked', async () => {
    stubFetch({
      [`GET ${EXAM_URL}`]: { status: 200, body: exam },
      [`GET ${RESPONSES_URL}`]: { status: 200, body: named },
      [`PUT ${MARK_URL}`]: {
        status: 200,
        body: {
          question_id: 7,
          answer: { html: '<p>Answer of Leo</p>' },
          version: 2,
          updated_at: '2026-06-03T03:00:00.000Z',
          mark_status: 'partially_correct',
          marks_awarded: 2,
          feedback: '',
        },
      },
    });
    const { user, router } = render(PAGE);
    await screen.findByRole('region', { name: 'Leo Clarke' });
    await user.click(screen.getByRole('switch', { name: 'Waiting for marking only' }));
    expect(router.state.location.search).toBe('?waiting=1');
    expect(screen.queryByRole('region', { name: 'Amelia Chen' })).not.toBeInTheDocument();
    const leo = screen.getByRole('region', { name: 'Leo Clarke' });
    await user.type(within(leo).getByLabelText(/Marks for Leo Clarke/), '2');
    await user.click(within(leo).getByRole('button', { name: /Save mark/ }));
    expect(await within(leo).findByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Leo Clarke' })).toBeInTheDocument();
    expect(screen.getByText('2 submitted answers · 0 waiting for marking')).toBeInTheDocument();
  });

  it('goes to the previous question with the page’s settings kept', async () => {
    stubFetch({
      [`GET ${EXAM_URL}`]: { status: 200, body: exam },
      [`GET ${RESPONSES_URL}?anonymise=1`]: { status: 200, body: anonymised },
    });
    setAnonymisedCookie(true);
    render(`${PAGE}?waiting=1`);
    await screen.findByRole('region', { name: 'Glad Gecko' });
    const previous = screen.getAllByRole('link', { name: 'Question 1' })[0]!;
    // Hidden names follow the cookie to the next page; the address keeps the page's own settings.
    expect(previous).toHaveAttribute('href', '/class/3/progress/exam/8/mark/question/6/?waiting=1');
    expect(screen.getAllByRole('button', { name: 'Next' })[0]).toBeDisabled();
  });
});
