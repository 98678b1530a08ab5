import type { ClassSummary } from '@banksia/contracts/classes';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ClassCard } from './class-card';

/** A student's "Your classes": one card per class they study in. */
export function StudentClasses({ classes }: { classes: readonly ClassSummary[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="student-classes-heading">
      <Title order={2} id="student-classes-heading">
        Your classes
      </Title>
      {classes.length === 0 ? (
        <Text c="dimmed">
          You are not in any classes yet. When your school adds you to a class, it will appear here.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {classes.map((c) => (
            <ClassCard key={c.id} summary={c} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
