import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { promptExcerpt, type NumberedQuestion } from '../utils/questions';
import classes from './question-list.module.css';

export interface QuestionListItem extends NumberedQuestion {
  href: string;
  /** Beside the question: answered or not, its mark, or nothing before the set is started. */
  state?: ReactNode;
}

/** The questions of a set, each a link to its page with the start of its prompt and its state. */
export function QuestionList({ items, label = 'Questions' }: { items: readonly QuestionListItem[]; label?: string }) {
  return (
    <ol className={classes.list} aria-label={label}>
      {items.map(({ number, question, href, state }) => (
        <li key={question.id} className={classes.item}>
          <Group justify="space-between" wrap="nowrap" gap="sm" py="xs">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={href} fw={600}>
                Question {number}
              </Anchor>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {promptExcerpt(question.prompt)}
              </Text>
            </div>
            {state && <div className={classes.state}>{state}</div>}
          </Group>
        </li>
      ))}
    </ol>
  );
}
