import { Paper, SimpleGrid, Text } from '@mantine/core';

/** A row of headline figures, each a label and a value. */
export function StatGrid({ stats }: { stats: { label: string; value: string; hint?: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(4, stats.length) }} spacing="md">
      {stats.map((stat) => (
        <Paper withBorder p="md" radius="md" key={stat.label}>
          <Text size="sm" c="dimmed">
            {stat.label}
          </Text>
          <Text fw={700} fz={26} lh={1.2}>
            {stat.value}
          </Text>
          {stat.hint && (
            <Text size="xs" c="dimmed">
              {stat.hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
