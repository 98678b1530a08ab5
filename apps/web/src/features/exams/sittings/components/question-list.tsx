import { Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ExamSectionView } from '../utils/exam-structure';
import classes from './exam-pages.module.css';

export interface QuestionListItem {
  questionId: number;
  number: number;
  answered: boolean;
  href: string;
}

/**
 * Every question of the exam by section, each a link showing whether it is answered (by its look and in words), so
 * a student can see what is left and jump to it.
 */
export function QuestionList({
  sections,
  items,
  currentSectionId,
}: {
  sections: readonly ExamSectionView[];
  items: ReadonlyMap<number, QuestionListItem>;
  currentSectionId: number;
}) {
  const answered = [...items.values()].filter((item) => item.answered).length;
  return (
    <nav aria-labelledby="question-list-heading">
      <Stack gap="sm">
        <Text id="question-list-heading" fw={700}>
          Questions{' '}
          <Text span size="sm" fw={400} c="dimmed">
            ({answered} of {items.size} answered)
          </Text>
        </Text>
        {sections.map((section) => (
          <div key={section.id}>
            <Text size="sm" fw={section.id === currentSectionId ? 700 : 500} mb={4}>
              {section.title}
            </Text>
            <Group gap={6} component="ul" className={classes.questionChips}>
              {section.questions.map((question) => {
                const item = items.get(question.id);
                if (!item) return null;
                return (
                  <li key={question.id}>
                    <UnstyledButton
                      component={Link}
                      to={item.href}
                      className={classes.questionChip}
                      data-answered={item.answered || undefined}
                    >
                      {item.number}
                      <VisuallyHidden>{item.answered ? ', answered' : ', not answered'}</VisuallyHidden>
                    </UnstyledButton>
                  </li>
                );
              })}
            </Group>
          </div>
        ))}
        <Group gap="md">
          <Group gap={6}>
            <span className={classes.questionChip} data-answered aria-hidden data-legend />
            <Text size="xs">Answered</Text>
          </Group>
          <Group gap={6}>
            <span className={classes.questionChip} aria-hidden data-legend />
            <Text size="xs">Not answered</Text>
          </Group>
        </Group>
      </Stack>
    </nav>
  );
}
