import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import type { ExamAnswer, MarkStatus } from '@banksia/contracts/exams';
import { Badge, List, Paper, Stack, Text, VisuallyHidden, type MantineColor } from '@mantine/core';
import { IconCheck, IconClock, IconMinus, IconProgressCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MathDisplay } from '../../../components/maths';
import { isBlankHtml } from '../../../components/sanitize-html';
import { ActivityAnswerView } from './activity-question';
import {
  CONFIDENCE_LABELS,
  displayableLatex,
  formatMarks,
  htmlOf,
  isAnswered,
  isReflection,
  latexOf,
  optionIdsOf,
  textOf,
  valueOf,
} from './answer-shape';
import { RichHtml } from './rich-html';
import classes from './questions.module.css';

export interface AnswerViewProps {
  question: ExamQuestionView;
  answer: ExamAnswer | null;
}

/** A given answer, read-only, as its question's type shows it (a reflection shows its confidence and note). */
export function AnswerView({ question, answer }: AnswerViewProps) {
  if (isReflection(answer)) {
    return (
      <Stack gap={4}>
        <Text>
          <Text span fw={600}>
            Confidence:
          </Text>{' '}
          {answer.confidence} of 5 — {CONFIDENCE_LABELS[answer.confidence]}
        </Text>
        <Text>
          <Text span fw={600}>
            To revisit:
          </Text>{' '}
          {answer.revisit.trim() === '' ? (
            <Text span c="dimmed">
              nothing noted
            </Text>
          ) : (
            answer.revisit
          )}
        </Text>
      </Stack>
    );
  }
  if (!isAnswered(question, answer)) {
    return (
      <Text c="dimmed" fs="italic">
        Not answered
      </Text>
    );
  }
  switch (question.type) {
    case 'multiple_choice': {
      const chosen = new Set(optionIdsOf(answer));
      const options = (question.options ?? []).filter((option) => chosen.has(option.id));
      return (
        <List spacing={4} className={classes.chosenList} aria-label="Answer chosen">
          {options.map((option) => (
            <List.Item key={option.id}>
              <RichHtml html={option.text} className={classes.optionText} />
            </List.Item>
          ))}
        </List>
      );
    }
    case 'short_text':
      return <Typed>{textOf(answer)}</Typed>;
    case 'numeric': {
      const value = valueOf(answer).trim();
      // The unit beside the box is assumed when none was typed, so it is shown with the number.
      const withUnit = question.unit && /\d\s*$/.test(value) ? `${value} ${question.unit}` : value;
      return <Typed>{withUnit}</Typed>;
    }
    case 'maths_expression':
      return (
        <Typed>
          <MathDisplay latex={displayableLatex(latexOf(answer))} />
        </Typed>
      );
    case 'extended_response':
      return (
        <Paper withBorder p="sm" radius="sm">
          {isBlankHtml(htmlOf(answer)) ? null : <RichHtml html={htmlOf(answer)} />}
        </Paper>
      );
    case 'activity':
      return <ActivityAnswerView question={question} answer={answer} />;
  }
}

function Typed({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder px="sm" py={6} radius="sm" display="inline-block" className={classes.typed}>
      {children}
    </Paper>
  );
}

const BADGES: Record<MarkStatus, { label: string; color: MantineColor; icon: ReactNode }> = {
  correct: { label: 'Correct', color: 'green', icon: <IconCheck size={14} aria-hidden /> },
  partially_correct: { label: 'Partly correct', color: 'yellow', icon: <IconProgressCheck size={14} aria-hidden /> },
  incorrect: { label: 'Incorrect', color: 'red', icon: <IconX size={14} aria-hidden /> },
  unanswered: { label: 'Not answered', color: 'gray', icon: <IconMinus size={14} aria-hidden /> },
  needs_marking: { label: 'Waiting for your teacher', color: 'blue', icon: <IconClock size={14} aria-hidden /> },
};

export interface MarkBadgeProps {
  /** Who reads it: a teacher sees "Waiting for marking" where a student sees "Waiting for your teacher". */
  viewer?: 'student' | 'teacher';
  /** Null while nothing is marked (an open sitting). */
  status: MarkStatus | null;
  /** Null while a teacher has still to mark it. */
  marksAwarded: number | null;
  /** The question's marks. */
  marks: number;
}

/**
 * How an answer was marked, in words and colour (never colour alone), with the marks when there are any:
 * "Correct · 2/2", "Partly correct · 1/2", "Waiting for your teacher".
 */
export function MarkBadge({ status, marksAwarded, marks, viewer = 'student' }: MarkBadgeProps) {
  if (status === null) return null;
  const badge =
    viewer === 'teacher' && status === 'needs_marking'
      ? { ...BADGES[status], label: 'Waiting for marking' }
      : BADGES[status];
  const score =
    marksAwarded !== null && status !== 'needs_marking' ? ` · ${formatMarks(marksAwarded)}/${formatMarks(marks)}` : '';
  return (
    <Badge
      variant="light"
      color={badge.color}
      leftSection={badge.icon}
      size="lg"
      radius="sm"
      tt="none"
      // The light variants' coloured text is under 4.5:1 on their tint at badge size; the page's text colour is not.
      styles={{ label: { color: 'var(--mantine-color-text)' }, section: { color: 'var(--mantine-color-text)' } }}
    >
      {badge.label}
      {score}
      {score !== '' && <VisuallyHidden component="span"> marks</VisuallyHidden>}
    </Badge>
  );
}
