import { Alert, Paper, Table, Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { formErrorOf } from './field-errors';
import { LoadingState } from './loading-state';

/** A column of a results table: its heading, and a fixed width when it holds a short badge. */
export type ResultsColumn = string | { label: string; w?: number };

export interface ResultsTableProps<T> {
  /** The list being loaded (a TanStack query's state). */
  query: { isPending: boolean; isError: boolean; error: unknown; data?: unknown };
  /** What is listed, for the failure's title and the loading label: "courses" gives "The courses could not be loaded". */
  noun: string;
  /** The line above the table, read out when it changes ("3 courses", "No course matches."). */
  summary: ReactNode;
  columns: readonly ResultsColumn[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => Key;
  /** The row's cells (`Table.Td`s), in the order of `columns`. */
  renderRow: (row: T) => ReactNode;
  minWidth?: number;
  /** Below the table, inside its frame: pagination. */
  footer?: ReactNode;
}

/**
 * The staff list pages' results: a failure alert when the list could not be loaded, a spinner while it loads, then a
 * framed table under a live count. Filters and search stay with each page; this is what they had in common.
 */
export function ResultsTable<T>({
  query,
  noun,
  summary,
  columns,
  rows,
  rowKey,
  renderRow,
  minWidth = 720,
  footer,
}: ResultsTableProps<T>) {
  if (query.isError && !query.data) {
    return (
      <Alert color="red" title={`The ${noun} could not be loaded`}>
        {formErrorOf(query.error)}
      </Alert>
    );
  }
  if (!rows) return query.isPending ? <LoadingState label={`Loading the ${noun}`} /> : null;
  return (
    <Paper withBorder>
      <Text size="sm" p="sm" aria-live="polite">
        {summary}
      </Text>
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => {
                  const { label, w } = typeof c === 'string' ? { label: c, w: undefined } : c;
                  return (
                    <Table.Th key={label} scope="col" w={w}>
                      {label}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>{renderRow(row)}</Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {footer}
    </Paper>
  );
}

/** "1 course" / "3 courses". */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
