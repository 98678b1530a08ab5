import type { GridCell, ProgressGrid } from '@banksia/contracts/progress-grids';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAnonymisedCookie } from '../../../lib/anonymiser';
import { track } from '../../../lib/analytics';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ProgressGridPage } from './progress-grid-page';

vi.mock('../../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const TOPIC_URL = '/api/v1/classes/3/progress-grids/topic/5/';

const cell = (text: string, percent: number | null, status: GridCell['status'] = 'value'): GridCell => ({
  status,
  value: percent,
  percent,
  text,
});

function topicGrid(students: number, names: (i: number) => [string, string] = (i) => [`First${i}`, `Last${i}`]) {
  const grid: ProgressGrid = {
    kind: 'topic',
    class_id: 3,
    class_title: '9MAT1',
    title: 'Algebra',
    caption: 'Progress of each student through the lessons, exams and question sets of Algebra.',
    topic: { id: 5, title: 'Algebra' },
    exam: null,
    lesson: null,
    question: null,
    student: null,
    anonymised: false,
    columns: [
      {
        key: 'lesson-1',
        kind: 'lesson',
        title: 'Expressions',
        description: 'Lesson',
        item_id: 1,
        max: null,
        banded: true,
      },
      { key: 'lesson-2', kind: 'lesson', title: 'Empty', description: 'Lesson', item_id: 2, max: null, banded: true },
      { key: 'exam-9', kind: 'exam', title: 'Algebra test', description: 'Exam', item_id: 9, max: 5, banded: true },
      { key: 'overall', kind: 'overall', title: 'Overall', description: 'Mean', item_id: null, max: 100, banded: true },
    ],
    rows: Array.from({ length: students }, (_, i) => {
      const [first, last] = names(i);
      return {
        key: `student-${100 + i}`,
        student: { profile_id: 100 + i, first_name: first, last_name: last, display_name: `${first} ${last}` },
        label: `${first} ${last}`,
        group: null,
        item_kind: null,
        item_id: null,
        status: null,
        cells: [
          cell('100%', 100, 'visited'),
          cell('N/A', null, 'na'),
          i === 0 ? cell('Awaiting marking', null, 'awaiting_marking') : cell('60%', 60, 'submitted'),
          cell('80%', 80),
        ],
      };
    }),
  };
  return grid;
}

const render = () => renderWithProviders(<ProgressGridPage spec={{ kind: 'topic', classId: 3, topicId: 5 }} />);

describe('ProgressGridPage', () => {
  beforeEach(() => vi.mocked(track).mockClear());
  afterEach(() => setAnonymisedCookie(false));

  it('shows each cell’s band with its text, N/A, states, the legend and links', async () => {
    stubFetch({
      [`GET ${TOPIC_URL}`]: { status: 200, body: topicGrid(2, (i) => (i ? ['Bob', 'Young'] : ['Ada', 'Zed'])) },
    });
    const { user } = render();
    const table = await screen.findByRole('table', { name: /Progress of each student/ });
    expect(screen.getByRole('heading', { level: 1, name: 'Algebra' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Bob Young/ });
    const complete = within(row).getByText('100%');
    expect(complete).toHaveAttribute('data-band', 'complete');
    expect(within(row).getByText('N/A')).toHaveAttribute('data-band', 'na');
    expect(within(row).getByText('60%')).toHaveAttribute('data-band', 'medium');
    expect(within(row).getByText('80%')).toHaveAttribute('data-band', 'high');
    expect(within(table).getByText('Awaiting marking')).toHaveAttribute('data-status', 'awaiting_marking');

    const legend = screen.getByRole('list', { name: 'Colour legend' });
    expect(within(legend).getByText('41–60%')).toBeInTheDocument();
    expect(within(legend).getByText(/N\/A/)).toBeInTheDocument();

    expect(within(table).getByRole('link', { name: /Expressions/ })).toHaveAttribute(
      'href',
      '/class/3/progress/lesson/1/',
    );
    expect(within(table).getByRole('link', { name: /Algebra test/ })).toHaveAttribute(
      'href',
      '/class/3/progress/topic/5/exam/9/',
    );
    const student = within(table).getByRole('link', { name: 'Bob Young' });
    expect(student).toHaveAttribute('href', '/class/3/progress/student/101/');
    await user.click(student);
    expect(track).toHaveBeenCalledWith('clicked link to student course progress', { class_id: 3, profile_id: 101 });
  });

  it('exports CSV from the server with the same anonymisation', async () => {
    stubFetch({
      [`GET ${TOPIC_URL}`]: { status: 200, body: topicGrid(1) },
      [`GET ${TOPIC_URL}?anonymise=1`]: {
        status: 200,
        body: { ...topicGrid(1, () => ['Agile', 'Albatross']), anonymised: true },
      },
    });
    const { user } = render();
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', `${TOPIC_URL}?format=csv`);
    await user.click(screen.getByRole('switch', { name: /Hide student names/ }));
    expect(await screen.findByRole('link', { name: 'Agile Albatross' })).toBeInTheDocument();
    expect(screen.queryByText('First0 Last0')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      `${TOPIC_URL}?format=csv&anonymise=1`,
    );
  });

  it('renders only the visible rows of a 300-student class, telling the full size', async () => {
    stubFetch({ [`GET ${TOPIC_URL}`]: { status: 200, body: topicGrid(300) } });
    render();
    const table = await screen.findByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '301');
    const studentRows = within(table)
      .getAllByRole('row')
      .filter((r) => r.querySelector('th[scope="row"]'));
    expect(studentRows.length).toBeGreaterThan(0);
    expect(studentRows.length).toBeLessThan(100);
    expect(studentRows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(within(table).getByRole('columnheader', { name: 'Student' })).toBeInTheDocument();
    expect(screen.queryByText('First299 Last299')).not.toBeInTheDocument();
  });

  it('renders only the visible item columns of a 200-item topic, telling the full width', async () => {
    const grid = topicGrid(3);
    grid.columns = Array.from({ length: 200 }, (_, i) => ({
      key: `lesson-${i + 1}`,
      kind: 'lesson' as const,
      title: `Lesson ${i + 1}`,
      description: 'Lesson',
      item_id: i + 1,
      max: null,
      banded: true,
    }));
    grid.rows = grid.rows.map((row) => ({
      ...row,
      cells: grid.columns.map(() => ({ status: 'visited' as const, value: 1, percent: 50, text: '50%' })),
    }));
    stubFetch({ [`GET ${TOPIC_URL}`]: { status: 200, body: grid } });
    render();
    const table = await screen.findByRole('table');
    expect(table).toHaveAttribute('aria-colcount', '201');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers[0]).toHaveTextContent('Student');
    // The name column and the first lessons, not all 200.
    expect(headers.length).toBeGreaterThan(3);
    expect(headers.length).toBeLessThan(40);
    expect(within(table).getByRole('columnheader', { name: /Lesson 1:/ })).toHaveAttribute('aria-colindex', '2');
    expect(within(table).queryByRole('columnheader', { name: /Lesson 200:/ })).not.toBeInTheDocument();
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell').length).toBe(headers.length - 1);
  });
});
