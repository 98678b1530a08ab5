import type { ExamInsights } from '@banksia/contracts/insights';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAnonymisedCookie } from '../../../lib/anonymiser';
import { apiCalls, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ExamInsightsPage } from './exam-insights-page';

vi.mock('../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const URL = '/api/v1/classes/3/insights/topics/5/exams/8/';
const PAGE = '/class/3/topic/5/exam/8/em-insights/';

const student = (profileId: number, first: string, last: string) => ({
  profile_id: profileId,
  first_name: first,
  last_name: last,
  display_name: `${first} ${last}`,
});

const insights = (names: Record<number, [string, string]>, anonymised: boolean): ExamInsights => ({
  class_id: 3,
  topic: { id: 5, title: 'Fractions' },
  anonymised,
  student_count: 5,
  results: {
    exam_id: 8,
    title: 'Fractions test',
    kind: 'exam',
    marks_total: 5,
    submitted: 3,
    in_progress: 1,
    not_started: 1,
    average_percent: 40,
    awaiting_marking: 1,
    score_bands: Array.from({ length: 10 }, (_, i) => ({
      from: i * 10,
      to: i * 10 + 10,
      students: i === 0 || i === 2 || i === 9 ? 1 : 0,
    })),
    questions: [
      {
        question_id: 71,
        number: 1,
        section_title: 'Section A',
        type: 'multiple_choice',
        prompt_text: 'Which fraction is largest?',
        marks: 2,
        submitted: 3,
        marked: 3,
        needs_marking: 0,
        facility: 0.3333,
        auto_marked: true,
        common_wrong_answers: [{ label: '2/6', count: 2, correct: false }],
      },
      {
        question_id: 72,
        number: 2,
        section_title: 'Section A',
        type: 'extended_response',
        prompt_text: 'Explain your method.',
        marks: 2,
        submitted: 3,
        marked: 2,
        needs_marking: 1,
        facility: 0.75,
        auto_marked: false,
        common_wrong_answers: [],
      },
    ],
  },
  needs_help: [
    { student: student(12, ...names[12]!), reason: 'below_half', percent: 0, awaiting_marking: true },
    { student: student(13, ...names[13]!), reason: 'below_half', percent: 20, awaiting_marking: false },
    { student: student(14, ...names[14]!), reason: 'not_submitted', percent: null, awaiting_marking: false },
    { student: student(15, ...names[15]!), reason: 'not_started', percent: null, awaiting_marking: false },
  ],
});

const real: Record<number, [string, string]> = {
  12: ['Cara', 'Young'],
  13: ['Bob', 'Quayle'],
  14: ['Dan', 'Xu'],
  15: ['Eve', 'Wong'],
};
const pseudonyms: Record<number, [string, string]> = {
  12: ['Agile', 'Albatross'],
  13: ['Brave', 'Badger'],
  14: ['Calm', 'Cheetah'],
  15: ['Dapper', 'Dingo'],
};

const answers = {
  [`GET ${URL}`]: { status: 200, body: insights(real, false) },
  [`GET ${URL}?anonymise=1`]: { status: 200, body: insights(pseudonyms, true) },
};

const render = () => renderWithProviders(<ExamInsightsPage classId={3} topicId={5} examId={8} />, { path: PAGE });

describe('ExamInsightsPage', () => {
  afterEach(() => setAnonymisedCookie(false));

  it('shows the score distribution as a chart with a name, and as a table on request', async () => {
    stubFetch(answers);
    const { user } = render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights: Fractions test' })).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /^Score distribution\./ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('0–10%: Students 1'));
    expect(chart).toHaveAccessibleName(expect.stringContaining('90–100%: Students 1'));
    expect(screen.queryByRole('table', { name: 'Score distribution' })).not.toBeInTheDocument();

    const views = screen.getByRole('radiogroup', { name: 'Show Score distribution as' });
    await user.click(within(views).getByRole('radio', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Score distribution' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ScoreStudents',
      '0–10%1',
      '10–20%0',
      '20–30%1',
      '30–40%0',
      '40–50%0',
      '50–60%0',
      '60–70%0',
      '70–80%0',
      '80–90%0',
      '90–100%1',
    ]);
    expect(screen.queryByRole('img', { name: /^Score distribution\./ })).not.toBeInTheDocument();

    await user.click(within(views).getByRole('radio', { name: 'Chart' }));
    expect(screen.getByRole('img', { name: /^Score distribution\./ })).toBeInTheDocument();
  });

  it('lists each question with its facility, wrong answers and links to its page and to marking', async () => {
    stubFetch(answers);
    render();
    const table = await screen.findByRole('table', { name: "Each question's facility and most common wrong answers" });
    const first = within(table)
      .getByRole('rowheader', { name: /Question 1/ })
      .closest('tr')!;
    expect(within(first).getByText('33%')).toBeInTheDocument();
    expect(within(first).getByText('2/6')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Question 1' })).toHaveAttribute(
      'href',
      '/class/3/topic/5/progress/em/8/question/71/',
    );
    expect(within(first).getByRole('link', { name: 'Mark question 1' })).toHaveAttribute(
      'href',
      '/class/3/progress/exam/8/mark/question/71/',
    );
    const second = within(table)
      .getByRole('rowheader', { name: /Question 2/ })
      .closest('tr')!;
    expect(within(second).getByText('1 to mark')).toBeInTheDocument();
    expect(within(second).getByText('Marked by a teacher')).toBeInTheDocument();
  });

  it('lists who needs help with why, and hides their names behind pseudonyms when asked', async () => {
    const seen = stubFetch(answers);
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Students who need help (4)' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Cara Young', 'Scored below 50%', '0%(some answers still to mark)'],
      ['Bob Quayle', 'Scored below 50%', '20%'],
      ['Dan Xu', 'Started, not submitted', '—'],
      ['Eve Wong', 'Not started', '—'],
    ]);

    await user.click(screen.getByRole('switch', { name: /Hide student names/ }));
    expect(await screen.findByRole('rowheader', { name: 'Agile Albatross' })).toBeInTheDocument();
    expect(screen.queryByText('Cara Young')).not.toBeInTheDocument();
    expect(document.cookie).toContain('anonymizeStudentData=1');
    await waitFor(() =>
      expect(
        apiCalls(seen)
          .filter((r) => r.path === URL)
          .map((r) => r.url),
      ).toEqual([URL, `${URL}?anonymise=1`]),
    );
  });
});
