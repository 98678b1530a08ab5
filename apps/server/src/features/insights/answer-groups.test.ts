import type { ExamQuestion } from '@banksia/contracts/exams';
import { describe, expect, it } from 'vitest';
import { answerText, groupAnswers } from './answer-groups';

const base = { id: 'q1', marks: 1, prompt: '<p>Q</p>', worked_solution: '' };
const wrong = (answer: object) => ({ answer: answer as never, correct: false });

describe('groupAnswers', () => {
  it('groups short answers by their normalised form, labelled with the commonest spelling', () => {
    const question: ExamQuestion = { ...base, type: 'short_text', accepted_answers: ['Canberra'] };
    const groups = groupAnswers(
      question,
      [
        wrong({ text: 'sydney' }),
        wrong({ text: ' Sydney. ' }),
        wrong({ text: 'Sydney' }),
        wrong({ text: 'Sydney' }),
        wrong({ text: 'Melbourne' }),
        wrong({ text: '' }),
        { answer: { text: 'Canberra' }, correct: true },
      ],
      3,
    );
    expect(groups).toEqual([
      { label: 'Sydney', count: 4, correct: false },
      { label: 'Melbourne', count: 1, correct: false },
      { label: 'Canberra', count: 1, correct: true },
    ]);
  });

  it('reads numbers with decimal commas and units as the same answer, and keeps other units apart', () => {
    const question: ExamQuestion = { ...base, type: 'numeric', answer: 12.5, tolerance: 0, unit: 'cm' };
    const groups = groupAnswers(
      question,
      [wrong({ value: '13 cm' }), wrong({ value: '13,0cm' }), wrong({ value: '13 mm' }), wrong({ value: 'thirteen' })],
      10,
    );
    expect(groups.map((g) => [g.label, g.count])).toEqual([
      ['13 cm', 2],
      ['13 mm', 1],
      ['thirteen', 1],
    ]);
  });

  it('groups multiple-choice picks whatever their order, labelled with the options’ text', () => {
    const question: ExamQuestion = {
      ...base,
      type: 'multiple_choice',
      multiple: true,
      options: [
        { id: 'a', text: '<p>3/4</p>' },
        { id: 'b', text: '<p>2 &amp; 6</p>' },
        { id: 'c', text: '<p>1/2</p>' },
      ],
      correct_option_ids: ['a', 'c'],
    };
    const groups = groupAnswers(question, [wrong({ option_ids: ['c', 'b'] }), wrong({ option_ids: ['b', 'c'] })], 3);
    expect(groups).toEqual([{ label: '2 & 6; 1/2', count: 2, correct: false }]);
  });

  it('ignores spacing in maths answers and never groups extended responses', () => {
    const maths: ExamQuestion = { ...base, type: 'maths_expression', accepted_answers: ['2x'] };
    expect(groupAnswers(maths, [wrong({ latex: 'x + 1' }), wrong({ latex: 'x+1' })], 3)).toEqual([
      { label: 'x + 1', count: 2, correct: false },
    ]);
    const written: ExamQuestion = { ...base, type: 'extended_response' };
    expect(groupAnswers(written, [wrong({ html: '<p>a</p>' })], 3)).toEqual([]);
    expect(answerText(written, { html: '<p>a</p>' })).toBeNull();
  });
});
