import type { ReactNode } from 'react';
import { ChartWithTable } from '../../../components/chart-with-table';

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
  categoryLabel: string;
  series: { name: string; label: string; color: string }[];
  rows: PercentRow[];
  extraColumns?: string[];
  emptyText: string;
}

/** Percentages per row (0–100, N/A when unknown) as bars along the names, or as a table with extra columns. */
export function PercentChart({ title, categoryLabel, series, rows, extraColumns = [], emptyText }: PercentChartProps) {
  return (
    <ChartWithTable
      title={title}
      order={2}
      categoryLabel={categoryLabel}
      series={series}
      data={rows.map((row) => ({
        category: row.category,
        ...Object.fromEntries(series.map((s) => [s.name, row.values[s.name] ?? null])),
      }))}
      renderCategory={(i) => rows[i]!.categoryCell ?? rows[i]!.category}
      tableOnly={extraColumns.map((label) => ({
        name: `extra:${label}`,
        label,
        render: (i) => rows[i]!.extra?.[label] ?? '—',
      }))}
      format={(value) => `${Math.round(value)}%`}
      missing="N/A"
      max={100}
      orientation="vertical"
      emptyText={emptyText}
    />
  );
}
