import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface PercentRow {
  key: string | number;
  /** The row's name on the chart's axis and in the table's first column. */
  category: string;
  /** Shown in the table's first column instead of the category (e.g. a link). */
  categoryCell?: ReactNode;
  /** Percent values by series name; null for "not available". */
  values: Record<string, number | null>;
  /** Extra table-only columns, by column label. */
  extra?: Record<string, ReactNode>;
}

interface PercentChartProps {
  title: string;
  headingId: string;
  categoryLabel: string;
  series: { name: string; label: string; color: string }[];
  rows: PercentRow[];
  extraColumns?: string[];
  emptyText: string;
}

/** A bar chart of percentages that can also be read as a table ("Show as table"), with the table as the default for screen readers. */
export function PercentChart({
  title,
  headingId,
  categoryLabel,
  series,
  rows,
  extraColumns = [],
  emptyText,
}: PercentChartProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const data = rows.map((row) => ({
    category: row.category,
    ...Object.fromEntries(series.map((s) => [s.name, row.values[s.name] ?? 0])),
  }));
  const summary = rows
    .map(
      (row) => `${row.category}: ${series.map((s) => `${s.label} ${format(row.values[s.name] ?? null)}`).join(', ')}`,
    )
    .join('; ');
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} id={headingId}>
          {title}
        </Title>
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
      {rows.length === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : view === 'chart' ? (
        <Box role="img" aria-label={`${title}. ${summary}`}>
          <BarChart
            h={Math.max(200, rows.length * 48)}
            data={data}
            dataKey="category"
            orientation="vertical"
            series={series.map((s) => ({ name: s.name, label: s.label, color: s.color }))}
            valueFormatter={(v) => `${Math.round(v)}%`}
            withLegend={series.length > 1}
            xAxisProps={{ domain: [0, 100] }}
            yAxisProps={{ width: 160 }}
          />
        </Box>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table withTableBorder striped captionSide="top">
            <Table.Caption>{title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{categoryLabel}</Table.Th>
                {series.map((s) => (
                  <Table.Th scope="col" key={s.name}>
                    {s.label}
                  </Table.Th>
                ))}
                {extraColumns.map((label) => (
                  <Table.Th scope="col" key={label}>
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw={400}>
                    {row.categoryCell ?? row.category}
                  </Table.Th>
                  {series.map((s) => (
                    <Table.Td key={s.name}>{format(row.values[s.name] ?? null)}</Table.Td>
                  ))}
                  {extraColumns.map((label) => (
                    <Table.Td key={label}>{row.extra?.[label] ?? '—'}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function format(value: number | null): string {
  return value === null ? 'N/A' : `${Math.round(value)}%`;
}
