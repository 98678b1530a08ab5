import type { MarkStatus } from '@banksia/contracts/exams';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { makeQuestion } from '../../../test/fixtures';
import { AnswerView, MarkBadge } from './answer-view';
import { SolutionView } from './solution-view';

const options = [
  { id: 'a', text: '<p>6/8</p>' },
  { id: 'b', text: '<p>3/8</p>' },
  { id: 'c', text: '<p>9/12</p>' },
];

describe('MarkBadge', () => {
  it.each<[MarkStatus, number | null, string]>([
    ['correct', 2, 'Correct · 2/2 marks'],
    ['partially_correct', 1.5, 'Partly correct · 1.5/2 marks'],
    ['incorrect', 0, 'Incorrect · 0/2 marks'],
    ['unanswered', 0, 'Not answered · 0/2 marks'],
    ['needs_marking', null, 'Waiting for your teacher'],
  ])('%s says so in words', (status, awarded, text) => {
    renderWithProviders(<MarkBadge status={status} marksAwarded={awarded} marks={2} />);
    expect(screen.getByText((_, node) => node?.classList.contains('mantine-Badge-label') ?? false)).toHaveTextContent(
      text,
    );
  });

  it('shows nothing before marking', () => {
    const { container } = renderWithProviders(<MarkBadge status={null} marksAwarded={null} marks={2} />);
    expect(container.querySelector('.mantine-Badge-root')).toBeNull();
  });
});

describe('AnswerView', () => {
  it('multiple choice: the chosen options', () => {
    stubFetch({});
    renderWithProviders(
      <AnswerView
        question={makeQuestion({ id: 1, type: 'multiple_choice', options, multiple: true })}
        answer={{ option_ids: ['a', 'c'] }}
      />,
    );
    expect(screen.getByRole('list', { name: 'Answer chosen' })).toHaveTextContent('6/89/12');
  });

  it('numeric: the value with the unit assumed when none was typed', () => {
    renderWithProviders(
      <AnswerView question={makeQuestion({ id: 1, type: 'numeric', unit: 'cm' })} answer={{ value: '37.5' }} />,
    );
    expect(screen.getByText('37.5 cm')).toBeInTheDocument();
  });

  it('a reflection: the confidence in words and what to revisit', () => {
    renderWithProviders(
      <AnswerView
        question={makeQuestion({ id: 1, type: 'extended_response' })}
        answer={{ confidence: 2, revisit: 'Ratios' }}
      />,
    );
    expect(screen.getByText(/2 of 5 — A little confident/)).toBeInTheDocument();
    expect(screen.getByText(/Ratios/)).toBeInTheDocument();
  });

  it.each([
    ['short text', makeQuestion({ id: 1, type: 'short_text' }), { text: '  ' }],
    ['extended response', makeQuestion({ id: 1, type: 'extended_response' }), { html: '<p></p>' }],
    ['nothing', makeQuestion({ id: 1, type: 'numeric' }), null],
  ])('%s left blank: Not answered', (_, question, answer) => {
    renderWithProviders(<AnswerView question={question} answer={answer} />);
    expect(screen.getByText('Not answered')).toBeInTheDocument();
  });
});

describe('SolutionView', () => {
  it('numeric: the answer with its tolerance and unit, then the worked solution', () => {
    renderWithProviders(
      <SolutionView
        question={makeQuestion({
          id: 1,
          type: 'numeric',
          unit: 'cm',
          solution: {
            worked_solution: '<p>150 ÷ 4 = 37.5</p>',
            answer: 37.5,
            tolerance: 0.1,
            accepted_units: ['centimetres'],
          },
        })}
      />,
    );
    expect(screen.getByText('37.5 ± 0.1 cm')).toBeInTheDocument();
    expect(screen.getByText('Also accepted as a unit: centimetres.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Worked solution' })).toBeInTheDocument();
    expect(screen.getByText('150 ÷ 4 = 37.5')).toBeInTheDocument();
  });

  it('multiple choice: the right options', () => {
    renderWithProviders(
      <SolutionView
        question={makeQuestion({
          id: 1,
          type: 'multiple_choice',
          options,
          multiple: true,
          solution: { worked_solution: '', correct_option_ids: ['a', 'c'] },
        })}
      />,
    );
    expect(screen.getByText('All of these:')).toBeInTheDocument();
    expect(screen.getByText('6/8')).toBeInTheDocument();
    expect(screen.queryByText('3/8')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Worked solution' })).not.toBeInTheDocument();
  });

  it('says when the solution is not available yet', () => {
    renderWithProviders(<SolutionView question={makeQuestion({ id: 1, type: 'short_text' })} />);
    expect(screen.getByText('The solution shows here once it is available.')).toBeInTheDocument();
  });
});
