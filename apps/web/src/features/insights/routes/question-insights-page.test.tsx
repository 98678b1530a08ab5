import type { QuestionInsights } from '@banksia/contracts/insights';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { QuestionInsightsPage } from './question-insights-page';

vi.mock('../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const URL = '/api/v1/classes/3/insights/topics/5/exams/8/questions/72/';
const person = (profile_id: number, first_name: string, last_name: string) => ({
  profile_id,
  first_name,
  last_name,
  display_name: `${first_name} ${last_name}`,
});

const data: QuestionInsights = {
  class_id: 3,
  topic: { id: 5, title: 'Fractions' },
  exam: { id: 8, title: 'Fractions test', kind: 'exam' },
  anonymised: false,
  student_count: 4,
  question: {
    question_id: 72,
    number: 2,
    question_count: 3,
    previous_question_id: 71,
    next_question_id: null,
    type: 'short_text',
    prompt: '<p>What is the capital of Australia?</p>',
    marks: 1,
    auto_marked: true,
    options: [],
  },
  submitted: 3,
  marked: 3,
  needs_marking: 0,
  facility: 0.3333,
  mark_distribution: [
    { marks: 0, students: 2 },
    { marks: 1, students: 1 },
  ],
  common_answers: [
    { label: 'Sydney', count: 2, correct: false },
    { label: 'Canberra', count: 1, correct: true },
  ],
  answers: [
    {
      student: person(13, 'Bob', 'Quayle'),
      answer_text: 'Sydney',
      answer_html: null,
      mark_status: 'incorrect',
      marks_awarded: 0,
    },
    {
      student: person(12, 'Amy', 'Zanetti'),
      answer_text: 'Canberra',
      answer_html: null,
      mark_status: 'correct',
      marks_awarded: 1,
    },
  ],
  not_submitted: [person(15, 'Eve', 'Wong')],
};

describe('QuestionInsightsPage', () => {
  it('shows the prompt, the common answers, each student’s answer and links around', async () => {
    stubFetch({ [`GET ${URL}`]: { status: 200, body: data } });
    renderWithProviders(<QuestionInsightsPage classId={3} topicId={5} examId={8} questionId={72} />, {
      path: '/class/3/topic/5/progress/em/8/question/72/',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Question 2 of 3' })).toBeInTheDocument();
    expect(screen.getByText('What is the capital of Australia?')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Most common answers\. Sydney \(wrong\): Students 2; Canberra \(right\)/ }),
    );
    const answers = screen.getByRole('table', { name: "Answers in each student's last submitted attempt" });
    expect(
      within(answers)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Bob QuayleSydney0 / 1Wrong', 'Amy ZanettiCanberra1 / 1Right']);
    expect(screen.getByRole('link', { name: 'Previous question' })).toHaveAttribute(
      'href',
      '/class/3/topic/5/progress/em/8/question/71/',
    );
    expect(screen.queryByRole('link', { name: 'Next question' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mark this question' })).toHaveAttribute(
      'href',
      '/class/3/progress/exam/8/mark/question/72/',
    );
    expect(
      within(screen.getByRole('list', { name: 'No submitted attempt (1)' })).getByText('Eve Wong'),
    ).toBeInTheDocument();
  });
});
