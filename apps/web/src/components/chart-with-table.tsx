import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

export interface ChartSeries {
  /** The data field this series reads. */
  name: string;
  /** Column heading and legend text. */
  label: string;
  color: string;
}

export interface ChartWithTableProps {
  /** The chart's title: its heading, the table's caption and the chart's accessible name. */
  title: string;
  /** Heading level of the title (under the page's sections). */
  order?: 2 | 3 | 4;
  /** One line under the title saying how to read it. */
  description?: string;
  /** Rows: `category` names the bar group, the series' fields hold numbers (null: nothing to show). */
  data: ({ category: string } & Record<string, string | number | null>)[];
  /** Heading of the table's first column (what each row is). */
  categoryLabel: string;
  series: ChartSeries[];
  /**
   * Further columns shown only in the table: figures on another scale than the chart's (`format`), or anything else
   * (`render`, given the row's index in `data`).
   */
  tableOnly?: {
    name: string;
    label: string;
    format?: (value: number) => string;
    render?: (index: number) => ReactNode;
  }[];
  /** The table's row header for row `index` (e.g. a link); the category's name by default. */
  renderCategory?: (index: number) => ReactNode;
  /** What the table shows for a series value that is null. */
  missing?: string;
  /** 'vertical' lays the bars along the value axis from a list of names (long names, many rows). */
  orientation?: 'horizontal' | 'vertical';
  /** How a value reads in the table, tooltip and axis (e.g. "40%"). */
  format?: (value: number) => string;
  /** Largest value of the value axis (100 for percentages). */
  max?: number;
  /** Text for an empty chart. */
  emptyText?: string;
  height?: number;
}

const plain = (value: number) => String(value);

/**
 * A bar chart that can also be read as a table ("Chart" / "Table"), as every insight chart must be. The chart has an
 * accessible name and a spoken summary of its values; the table carries the same title as its caption.
 */
export function ChartWithTable({
  title,
  order = 3,
  description,
  data,
  categoryLabel,
  series,
  tableOnly = [],
  format = plain,
  max,
  emptyText = 'Nothing to show yet.',
  height,
  renderCategory,
  orientation = 'horizontal',
  missing = '—',
}: ChartWithTableProps) {
  const vertical = orientation === 'vertical';
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  const summary = data
    .map(
      (row) =>
        `${row.category}: ${series
          .map((s) => `${s.label} ${typeof row[s.name] === 'number' ? format(row[s.name] as number) : 'none'}`)
          .join(', ')}`,
    )
    .join('; ');

  return (
    <Stack gap="xs" component="figure" m={0} aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={order} size="h4" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
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
      {data.length === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : view === 'chart' ? (
        <Box role="img" aria-label={`${title}. ${summary}`}>
          <BarChart
            h={height ?? (vertical ? Math.max(160, data.length * 48 * Math.max(1, series.length * 0.75)) : 260)}
            data={data}
            dataKey="category"
            orientation={orientation}
            series={series}
            valueFormatter={format}
            withLegend={series.length > 1}
            {...(vertical
              ? { xAxisProps: max === undefined ? undefined : { domain: [0, max] }, yAxisProps: { width: 160 } }
              : { yAxisProps: max === undefined ? undefined : { domain: [0, max] } })}
            tickLine={vertical ? 'x' : 'y'}
          />
        </Box>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped withTableBorder captionSide="top">
            <Table.Caption>{title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{categoryLabel}</Table.Th>
                {[...series, ...tableOnly].map((s) => (
                  <Table.Th scope="col" key={s.name}>
                    {s.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((row, index) => (
                <Table.Tr key={`${index}-${row.category}`}>
                  <Table.Th scope="row" fw={400}>
                    {renderCategory ? renderCategory(index) : row.category}
                  </Table.Th>
                  {series.map((s) => {
                    const value = row[s.name];
                    return <Table.Td key={s.name}>{typeof value === 'number' ? format(value) : missing}</Table.Td>;
                  })}
                  {tableOnly.map((column) => {
                    const value = row[column.name];
                    return (
                      <Table.Td key={column.name}>
                        {column.render
                          ? column.render(index)
                          : typeof value === 'number'
                            ? (column.format ?? plain)(value)
                            : '—'}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
