import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import { answerSchemaByType, reflectionAnswerSchema, type ExamAnswer } from '@banksia/contracts/exams';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { makeQuestion } from '../../../test/fixtures';
import { QuestionInput } from './question-input';

// MathLive needs a real browser; in jsdom a stand-in takes its place. It reads `mathlive.mode` as it renders, so a
// test can make it fail to load and see the plain-text fallback take over.
const mathlive = vi.hoisted(() => ({ mode: 'ok' as 'ok' | 'broken' }));
vi.mock('./maths-field-impl', () => ({
  default: (props: { id: string; value: string; onChange: (latex: string) => void; labelledBy: string }) => {
    if (mathlive.mode === 'broken') throw new Error('MathLive could not load');
    return (
      <input
        data-testid="math-field"
        aria-labelledby={props.labelledBy}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
    );
  },
}));

// ProseMirror measures the page when it places the cursor; jsdom does no layout (as in rich-text-editor.test).
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= emptyRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  Element.prototype.getClientRects ??= emptyRects;
  document.elementFromPoint ??= () => null;
});

/** The input with its answer kept as a page would: every answer given is recorded. */
function renderInput(
  question: ExamQuestionView,
  options: { reflective?: boolean; disabled?: boolean; initial?: ExamAnswer | null } = {},
) {
  stubFetch({});
  const given: ExamAnswer[] = [];
  function Harness() {
    const [answer, setAnswer] = useState<ExamAnswer | null>(options.initial ?? null);
    return (
      <QuestionInput
        question={question}
        answer={answer}
        onChange={(next) => {
          given.push(next);
          setAnswer(next);
        }}
        reflective={options.reflective}
        disabled={options.disabled}
      />
    );
  }
  const view = renderWithProviders(<Harness />);
  return { ...view, given, last: () => given.at(-1) };
}

const options = [
  { id: 'a', text: '<p>6/8</p>' },
  { id: 'b', text: '<p>3/8</p>' },
  { id: 'c', text: '<p><b>9/12</b></p>' },
];

describe('QuestionInput', () => {
  it('multiple choice, one answer: the chosen option, as {option_ids}', async () => {
    const question = makeQuestion({ id: 1, type: 'multiple_choice', options, multiple: false });
    const { user, last } = renderInput(question);
    expect(screen.getByRole('radiogroup', { name: /Your answer/ })).toHaveAccessibleDescription('Choose one answer.');
    await user.click(screen.getByRole('radio', { name: '3/8' }));
    await user.click(screen.getByRole('radio', { name: '9/12' }));
    expect(last()).toEqual({ option_ids: ['c'] });
    expect(answerSchemaByType.multiple_choice.safeParse(last()).success).toBe(true);
  });

  it('multiple choice, many answers: every ticked option in the question’s order, whatever the clicking order', async () => {
    const question = makeQuestion({ id: 1, type: 'multiple_choice', options, multiple: true });
    const { user, last } = renderInput(question);
    await user.click(screen.getByRole('checkbox', { name: '9/12' }));
    await user.click(screen.getByRole('checkbox', { name: '6/8' }));
    expect(last()).toEqual({ option_ids: ['a', 'c'] });
    await user.click(screen.getByRole('checkbox', { name: '9/12' }));
    expect(last()).toEqual({ option_ids: ['a'] });
  });

  it('option texts are sanitised rich text', () => {
    const question = makeQuestion({
      id: 1,
      type: 'multiple_choice',
      options: [
        { id: 'a', text: '<p>safe<img src=x onerror="window.hacked=1"></p>' },
        { id: 'b', text: '<p>two</p>' },
      ],
      multiple: false,
    });
    renderInput(question);
    expect(screen.getByRole('radio', { name: 'safe' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('short text: what is typed, as {text}', async () => {
    const { user, last } = renderInput(makeQuestion({ id: 1, type: 'short_text' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'denominator');
    expect(last()).toEqual({ text: 'denominator' });
  });

  it('numeric: the number as typed, as {value}, with the unit shown beside the box', async () => {
    const { user, last } = renderInput(makeQuestion({ id: 1, type: 'numeric', unit: 'cm' }));
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    expect(box).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText('cm')).toBeInTheDocument();
    await user.type(box, '37,5');
    expect(last()).toEqual({ value: '37,5' });
  });

  it('numeric with a required unit asks for it and lets letters be typed', () => {
    renderInput(makeQuestion({ id: 1, type: 'numeric', unit: 'cm', unit_required: true }));
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    expect(box).toHaveAccessibleDescription('Write the unit with your answer, e.g. 12 cm.');
    expect(box).toHaveAttribute('inputmode', 'text');
  });

  it('maths expression: the LaTeX from the maths field, as {latex}, the field named by its label', async () => {
    mathlive.mode = 'ok';
    const { last } = renderInput(makeQuestion({ id: 1, type: 'maths_expression', variables: ['x'] }));
    const field = await screen.findByTestId('math-field');
    expect(field).toHaveAccessibleName('Your answer');
    fireEvent.change(field, { target: { value: '2x+6' } });
    expect(last()).toEqual({ latex: '2x+6' });
  });

  it('maths expression: a plain text box takes the answer when MathLive cannot load', async () => {
    mathlive.mode = 'broken';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, last } = renderInput(makeQuestion({ id: 1, type: 'maths_expression' }));
    const box = await screen.findByRole('textbox', { name: 'Your answer' });
    await user.type(box, 'sqrt(x)');
    expect(last()).toEqual({ latex: 'sqrt(x)' });
    mathlive.mode = 'ok';
  });

  it('extended response: the rich text, as {html}', async () => {
    const { user, last } = renderInput(makeQuestion({ id: 1, type: 'extended_response' }));
    const editor = await screen.findByRole('textbox', { name: 'Your answer' });
    await user.click(editor);
    // jsdom's contenteditable is only an approximation of a browser's, so a short answer (rich-text-editor.test).
    await user.keyboard('Hi');
    await waitFor(() => expect(last()).toEqual({ html: '<p>Hi</p>' }));
    expect(answerSchemaByType.extended_response.safeParse(last()).success).toBe(true);
  });

  it('activity: says where it is answered when the page gives no class', () => {
    renderInput(makeQuestion({ id: 1, type: 'activity', activity_id: 4 }));
    expect(screen.getByText(/answered by doing an activity on screen/)).toBeInTheDocument();
  });

  it('reflective: confidence 1–5 and what to revisit, as {confidence, revisit}, whatever the question type', async () => {
    const { user, last, given } = renderInput(makeQuestion({ id: 1, type: 'extended_response' }), {
      reflective: true,
    });
    const revisit = screen.getByRole('textbox', { name: 'What do you want to revisit?' });
    // No answer can be made without a confidence: what is typed first waits for one.
    await user.type(revisit, 'Common');
    expect(given).toEqual([]);
    expect(screen.getByText('Choose how confident you feel so this can be saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /4\s*Confident/ }));
    expect(last()).toEqual({ confidence: 4, revisit: 'Common' });
    await user.type(revisit, ' denominators');
    expect(last()).toEqual({ confidence: 4, revisit: 'Common denominators' });
    expect(reflectionAnswerSchema.safeParse(last()).success).toBe(true);
    for (const label of ['Not confident', 'A little confident', 'Fairly confident', 'Very confident']) {
      expect(screen.getByRole('radio', { name: new RegExp(label) })).toBeInTheDocument();
    }
  });

  it('disabled: shows the answer but takes no change', async () => {
    const question = makeQuestion({ id: 1, type: 'multiple_choice', options, multiple: false });
    const { user, given } = renderInput(question, { disabled: true, initial: { option_ids: ['b'] } });
    expect(screen.getByRole('radio', { name: '3/8' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '6/8' }));
    expect(given).toEqual([]);
  });
});
