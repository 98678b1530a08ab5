import type { ExamQuestionView, QuestionSolution } from '@banksia/contracts/exam-api';
import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MathDisplay } from '../../../components/maths';
import { isBlankHtml } from '../../../components/sanitize-html';
import { RichHtml } from './rich-html';
import classes from './questions.module.css';

export interface SolutionViewProps {
  question: ExamQuestionView;
  /** The heading level of "Answer" and "Worked solution"; 4 unless given. */
  order?: 3 | 4 | 5;
  /** A reflective question set: the worked solution is a suggestion of what to revisit. */
  reflective?: boolean;
}

/**
 * A question's answer key (the right options, the accepted answers, the number with its tolerance and unit) and its
 * worked solution. Says so when the solution is not shown yet (null: before submitting, or before results are
 * released when the exam holds solutions back).
 */
export function SolutionView({ question, order = 4, reflective = false }: SolutionViewProps) {
  const solution = question.solution;
  if (!solution) {
    return (
      <Text c="dimmed" size="sm">
        The solution shows here once it is available.
      </Text>
    );
  }
  const key = answerKey(question, solution);
  return (
    <Stack gap="sm" className={classes.solution}>
      {key && (
        <div>
          <Title order={order} size="h6">
            Answer
          </Title>
          {key}
        </div>
      )}
      {!isBlankHtml(solution.worked_solution) && (
        <div>
          <Title order={order} size="h6">
            {reflective ? 'What might help' : 'Worked solution'}
          </Title>
          <RichHtml html={solution.worked_solution} />
        </div>
      )}
    </Stack>
  );
}

function answerKey(question: ExamQuestionView, solution: QuestionSolution): ReactNode {
  switch (question.type) {
    case 'multiple_choice': {
      const right = new Set(solution.correct_option_ids ?? []);
      const options = (question.options ?? []).filter((option) => right.has(option.id));
      if (options.length === 0) return null;
      if (options.length === 1) return <RichHtml html={options[0]!.text} className={classes.optionText} />;
      return (
        <>
          {question.multiple && options.length > 1 && <Text size="sm">All of these:</Text>}
          <List spacing={4} className={classes.chosenList}>
            {options.map((option) => (
              <List.Item key={option.id}>
                <RichHtml html={option.text} className={classes.optionText} />
              </List.Item>
            ))}
          </List>
        </>
      );
    }
    case 'short_text':
      return accepted(solution.accepted_answers ?? [], (text) => text, solution.case_sensitive);
    case 'maths_expression':
      return accepted(solution.accepted_answers ?? [], (latex) => <MathDisplay latex={latex} />);
    case 'numeric': {
      if (solution.answer === undefined) return null;
      const values = [solution.answer, ...(solution.accepted_values ?? [])];
      const unit = question.unit ? ` ${question.unit}` : '';
      const tolerance = solution.tolerance ? ` ± ${formatNumber(solution.tolerance)}` : '';
      const units = solution.accepted_units?.length
        ? `Also accepted as a unit: ${solution.accepted_units.join(', ')}.`
        : null;
      return (
        <>
          <Text>{values.map((value) => `${formatNumber(value)}${tolerance}${unit}`).join(' or ')}</Text>
          {units && (
            <Text size="sm" c="dimmed">
              {units}
            </Text>
          )}
        </>
      );
    }
    case 'extended_response':
    case 'activity':
      return null;
  }
}

function accepted(answers: readonly string[], show: (answer: string) => ReactNode, caseSensitive?: boolean): ReactNode {
  if (answers.length === 0) return null;
  return (
    <>
      {answers.length === 1 ? (
        <Text>{show(answers[0]!)}</Text>
      ) : (
        <>
          <Text size="sm">Any of these:</Text>
          <List spacing={4} className={classes.chosenList}>
            {answers.map((answer) => (
              <List.Item key={answer}>{show(answer)}</List.Item>
            ))}
          </List>
        </>
      )}
      {caseSensitive && (
        <Text size="sm" c="dimmed">
          Capital letters count.
        </Text>
      )}
    </>
  );
}

/** A number as written in class: no trailing zeros, no floating-point noise. */
function formatNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}
