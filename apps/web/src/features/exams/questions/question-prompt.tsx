import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import { Group, Text, Title, type TitleOrder } from '@mantine/core';
import { marksLabel } from './answer-shape';
import { RichHtml } from './rich-html';
import classes from './questions.module.css';

/** The id of a question's heading, for `aria-labelledby` on the section that holds it. */
export function questionHeadingId(questionId: number): string {
  return `question-${questionId}-heading`;
}

export interface QuestionPromptProps {
  question: ExamQuestionView;
  /** The question's number as the student sees it (counted through the whole exam). */
  number: number;
  /** The heading's level; 2 unless given. */
  order?: TitleOrder;
  /** Hides the marks, e.g. in a reflective question set that is never scored. */
  hideMarks?: boolean;
}

/** A question's number, its marks ("2 marks") and its prompt (rich text, with maths drawn by KaTeX). */
export function QuestionPrompt({ question, number, order = 2, hideMarks = false }: QuestionPromptProps) {
  return (
    <div className={classes.prompt}>
      <Group justify="space-between" align="baseline" gap="sm" wrap="nowrap">
        <Title order={order} size="h4" id={questionHeadingId(question.id)}>
          Question {number}
        </Title>
        {!hideMarks && (
          <Text size="sm" fw={500} c="dimmed" className={classes.marks}>
            {marksLabel(question.marks)}
          </Text>
        )}
      </Group>
      <RichHtml html={question.prompt} mt="xs" className={classes.promptText} />
    </div>
  );
}
