import type { ClassSummary } from '@banksia/contracts/classes';
import { classTypeLabels } from '@banksia/contracts/rules/class-kinds';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { urlFor } from '../../../lib/named-routes';

/** The element id of a class's card, so /account/#class-ID can bring it into view. */
export function classCardId(classId: number): string {
  return `class-${classId}`;
}

/** A class: its title (opening the class's course), course, year and class type, with room for more below. */
export function ClassCard({ summary, children }: { summary: ClassSummary; children?: ReactNode }) {
  const headingId = `${classCardId(summary.id)}-title`;
  return (
    <Card
      withBorder
      padding="lg"
      id={classCardId(summary.id)}
      tabIndex={-1}
      component="article"
      aria-labelledby={headingId}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            <Anchor component={Link} to={urlFor('class-course', { classId: summary.id })} inherit>
              {summary.title}
            </Anchor>
          </Title>
          {summary.class_type !== 'N' && (
            <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
              {classTypeLabels[summary.class_type]}
            </Badge>
          )}
        </Group>
        <Text>{summary.course_title}</Text>
        <Text size="sm" c="dimmed">
          {summary.calendar_year} · {classTypeLabels[summary.class_type]} class
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
