import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  /** Above the title: breadcrumbs. */
  above?: ReactNode;
  /** Beside the title: buttons. */
  actions?: ReactNode;
  /** The browser tab's title, when it should say more than the heading. */
  documentTitle?: string;
}

/** A page's heading (its one h1), with the tab title to match. */
export function PageHeader({ title, description, above, actions, documentTitle }: PageHeaderProps) {
  useDocumentTitle(`${documentTitle ?? title} · Banksia`);
  return (
    <Stack gap={6}>
      {above}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={1}>{title}</Title>
          {description && (
            <Text c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
