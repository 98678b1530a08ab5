import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { ReviewTopic } from '@banksia/contracts/review';
import { Box, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { percentOf } from './format';

/**
 * The class's miss rate per topic as a bar chart, or the same figures as a table ("Show as table"). The chart has
 * an accessible name that reads every value, so it is never the only way to read them.
 */
export function MissRateChart({ topics }: { topics: ReviewTopic[] }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  const reviewed = topics.filter((t) => t.miss_rate !== null);
  const data = reviewed.map((t) => ({ topic: t.title, missRate: Math.round((t.miss_rate ?? 0) * 100) }));
  const title = 'Miss rate by topic';
  const summary = reviewed.map((t) => `${t.title}: ${percentOf(t.miss_rate)}`).join('; ');

  return (
    <Stack gap="xs" component="figure" m={0} aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            The share of review answers that were wrong, per topic.
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          aria-label={`Show ${title} as`}
          value={view}
          onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
          data={[
            { value: 'chart', label: 'Chart' },
            { value: 'table', label: 'Show as table' },
          ]}
        />
      </Group>
      {reviewed.length === 0 ? (
        <Text c="dimmed">No reviews yet: the chart fills in as students answer their review questions.</Text>
      ) : view === 'chart' ? (
        <Box role="img" aria-label={`${title}. ${summary}`}>
          <BarChart
            h={Math.max(160, 48 * data.length)}
            data={data}
            dataKey="topic"
            orientation="vertical"
            series={[{ name: 'missRate', label: 'Miss rate', color: 'red.6' }]}
            valueFormatter={(value) => `${value}%`}
            xAxisProps={{ domain: [0, 100] }}
            yAxisProps={{ width: 160 }}
            tickLine="x"
          />
        </Box>
      ) : (
        <Table striped withTableBorder captionSide="top">
          <Table.Caption>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Topic</Table.Th>
              <Table.Th scope="col">Miss rate</Table.Th>
              <Table.Th scope="col">Reviews</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reviewed.map((t) => (
              <Table.Tr key={String(t.section_id)}>
                <Table.Th scope="row" fw={400}>
                  {t.title}
                </Table.Th>
                <Table.Td>{percentOf(t.miss_rate)}</Table.Td>
                <Table.Td>{t.reviews}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
