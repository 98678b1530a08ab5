import { Badge } from '@mantine/core';
import { IconCircle, IconCircleCheck } from '@tabler/icons-react';

/** Whether a question has an answer yet, in words and an icon (never colour alone). */
export function AnsweredBadge({ answered, label = 'Answered' }: { answered: boolean; label?: string }) {
  return (
    <Badge
      variant="light"
      color={answered ? 'teal' : 'gray'}
      radius="sm"
      tt="none"
      leftSection={answered ? <IconCircleCheck size={14} aria-hidden /> : <IconCircle size={14} aria-hidden />}
      // The light variants' coloured text is under 4.5:1 on their tint at badge size; the page's text colour is not.
      styles={{ label: { color: 'var(--mantine-color-text)' }, section: { color: 'var(--mantine-color-text)' } }}
    >
      {answered ? label : `Not ${label.toLowerCase()}`}
    </Badge>
  );
}
