import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import type { ExamClass } from '../../api/get-exam-classes';

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * An exam page's heading (its one h1) with the way back: the class's course, then the pages above this one. The tab
 * title says the page and the exam.
 */
export function ExamPageHeader({
  title,
  documentTitle,
  examClass,
  crumbs = [],
  description,
  actions,
}: {
  title: string;
  documentTitle?: string;
  examClass: ExamClass | null;
  crumbs?: readonly Crumb[];
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(`${documentTitle ?? title} · Banksia`);
  const items: Crumb[] = [
    ...(examClass ? [{ label: examClass.name, href: urlFor('class-course', { classId: examClass.class_id }) }] : []),
    ...crumbs,
  ];
  return (
    <Stack gap={6}>
      {items.length > 0 && (
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
            {items.map((item) =>
              item.href ? (
                <Anchor key={item.label} component={Link} to={item.href} size="sm">
                  {item.label}
                </Anchor>
              ) : (
                <Text key={item.label} size="sm" c="dimmed">
                  {item.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </nav>
      )}
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
