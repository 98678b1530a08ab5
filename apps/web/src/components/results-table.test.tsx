import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { countOf, ResultsTable } from './results-table';

function wrap(ui: ReactNode) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

const rows = [
  { id: 1, title: 'Algebra' },
  { id: 2, title: 'Geometry' },
];

function table(query: { isPending: boolean; isError: boolean; error: unknown; data?: unknown }, list?: typeof rows) {
  return (
    <ResultsTable
      query={query}
      noun="courses"
      summary={countOf(list?.length ?? 0, 'course', 'courses')}
      columns={['Course', { label: 'Status', w: 100 }]}
      rows={list}
      rowKey={(r) => r.id}
      renderRow={(r) => (
        <>
          <Table.Td>{r.title}</Table.Td>
          <Table.Td>Draft</Table.Td>
        </>
      )}
    />
  );
}

describe('ResultsTable', () => {
  it('says what is loading while the list loads', () => {
    wrap(table({ isPending: true, isError: false, error: null }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the courses');
  });

  it('names what could not be loaded, with the reason', () => {
    wrap(table({ isPending: false, isError: true, error: new Error('offline') }));
    expect(screen.getByText('The courses could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the count and one row per result under the column headings', () => {
    wrap(table({ isPending: false, isError: false, error: null, data: {} }, rows));
    expect(screen.getByText('2 courses')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Course', 'Status']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('shows only the count when nothing matches', () => {
    wrap(table({ isPending: false, isError: false, error: null, data: {} }, []));
    expect(screen.getByText('0 courses')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('counts in the singular for one', () => {
    expect(countOf(1, 'activity', 'activities')).toBe('1 activity');
    expect(countOf(3, 'activity', 'activities')).toBe('3 activities');
  });
});
