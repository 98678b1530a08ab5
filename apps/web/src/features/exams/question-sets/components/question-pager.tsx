import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface QuestionPagerProps {
  /** The previous question's page; null on the first. */
  previousHref: string | null;
  /** The next question's page; null on the last, where `last` shows instead. */
  nextHref: string | null;
  /** What ends the set on its last question: Submit, or Finish in a demo. */
  last?: ReactNode;
}

/** Previous and Next under a question, and on the last question whatever ends the set. */
export function QuestionPager({ previousHref, nextHref, last }: QuestionPagerProps) {
  return (
    // Aligned at the top: what ends the set may carry a message under its button.
    <Group justify="space-between" align="flex-start" gap="sm">
      {previousHref ? (
        <Button
          component={Link}
          to={previousHref}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Previous
        </Button>
      ) : (
        <Button variant="default" disabled leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Previous
        </Button>
      )}
      {nextHref ? (
        <Button component={Link} to={nextHref} rightSection={<IconArrowRight size={16} aria-hidden />}>
          Next
        </Button>
      ) : (
        last
      )}
    </Group>
  );
}
