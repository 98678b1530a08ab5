import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProgressBar } from './progress-bar';

export interface ProgressLinkProps {
  /** Where the link goes, e.g. a topic's page. */
  to: string;
  /** The link text, e.g. the topic title. */
  children: ReactNode;
  /** The plain-text name of what the bar measures, used in its accessible label ("… progress"). */
  title: string;
  value: unknown;
  total: unknown;
  /** A line under the title, e.g. "4 of 9 lessons". */
  description?: ReactNode;
  onClick?: () => void;
}

/** A link with a progress bar under its text, e.g. a topic in a course outline (spec §2, §4 "Progress link bar"). */
export function ProgressLink({ to, children, title, value, total, description, onClick }: ProgressLinkProps) {
  return (
    <Anchor component={Link} to={to} onClick={onClick} underline="hover" c="inherit" display="block">
      <Stack gap={4}>
        <Text fw={600} c="var(--mantine-primary-color-filled)">
          {children}
        </Text>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        <ProgressBar value={value} total={total} label={`${title} progress`} size="sm" />
      </Stack>
    </Anchor>
  );
}
