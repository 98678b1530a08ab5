import type { SchoolDashboard, SchoolExam } from '@banksia/contracts/schools';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { SchoolDashboardPage } from './school-dashboard-page';
import { SchoolExamPage } from './school-exam-page';

const school = { id: 1, name: 'Acacia College', slug: 'acacia' };

const dashboard: SchoolDashboard = {
  school,
  year: 2026,
  years: [2026, 2025],
  classes: [
    {
      id: 3,
      title: '9MAT1',
      course_id: 7,
      course_title: 'Maths 9',
      class_type: 'N',
      teacher_names: ['Tess Young'],
      student_count: 24,
      chunk_count: 40,
      chunks_opened_share: 0.625,
      exams_submitted: 20,
      last_activity_at: '2026-03-01T02:00:00.000Z',
      can_open: true,
    },
    {
      id: 4,
      title: '9MAT2',
      course_id: 7,
      course_title: 'Maths 9',
      class_type: 'TT',
      teacher_names: [],
      student_count: 0,
      chunk_count: 40,
      chunks_opened_share: null,
      exams_submitted: 0,
      last_activity_at: null,
      can_open: false,
    },
  ],
  exams: [{ exam_id: 9, title: 'Term 1 test', course_id: 7, course_title: 'Maths 9', class_count: 2, submitted: 20 }],
};

const summary = (over: Partial<SchoolExam['overall']> = {}) => ({
  roster_size: 24,
  submitted: 3,
  awaiting_marking: 1,
  average_percent: 43.3,
  median_percent: 50,
  distribution: [1, 0, 0, 0, 0, 1, 0, 0, 1, 0],
  ...over,
});

const exam: SchoolExam = {
  school,
  year: 2026,
  years: [2026],
  exam: { id: 9, title: 'Term 1 test', course_id: 7, course_title: 'Maths 9', marks_total: 10 },
  classes: [
    { class_id: 3, title: '9MAT1', teacher_names: ['Tess Young'], can_mark: true, ...summary() },
    {
      class_id: 4,
      title: '9MAT2',
      teacher_names: [],
      can_mark: false,
      ...summary({
        roster_size: 0,
        submitted: 0,
        awaiting_marking: 0,
        average_percent: null,
        median_percent: null,
        distribution: Array(10).fill(0) as number[],
      }),
    },
  ],
  overall: summary(),
};

describe('SchoolDashboardPage', () => {
  it("shows each class's figures, linking only the classes the viewer may open", async () => {
    stubFetch({ 'GET /api/v1/school-dashboards/acacia/': { status: 200, body: dashboard } });
    renderWithProviders(<SchoolDashboardPage schoolSlug="acacia" year={null} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acacia College' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '9MAT1' })).toHaveAttribute('href', '/class/3/course/');
    expect(screen.queryByRole('link', { name: '9MAT2' })).not.toBeInTheDocument();
    const row = screen.getByRole('row', { name: /9MAT1/ });
    expect(row).toHaveTextContent('63%');
    expect(row).toHaveTextContent('1 Mar 2026');
    expect(screen.getByRole('row', { name: /9MAT2/ })).toHaveTextContent('N/A');
    expect(screen.getByRole('link', { name: 'Term 1 test' })).toHaveAttribute('href', '/school/acacia/2026/exam/9/');
    expect(screen.getByRole('link', { name: '2025' })).toHaveAttribute('href', '/school/acacia/?year=2025');
  });
});

describe('SchoolExamPage', () => {
  it('compares the classes, links marking, and reads the chart as a table', async () => {
    stubFetch({ 'GET /api/v1/school-dashboards/acacia/exams/9/?year=2026': { status: 200, body: exam } });
    const { user } = renderWithProviders(<SchoolExamPage schoolSlug="acacia" examId={9} year={2026} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Term 1 test' })).toBeInTheDocument();
    const classes = screen.getByRole('table', { name: 'Term 1 test by class' });
    const first = within(classes).getByRole('row', { name: /9MAT1/ });
    expect(first).toHaveTextContent('43.3%');
    expect(within(first).getByRole('link', { name: 'Mark 9MAT1' })).toHaveAttribute(
      'href',
      '/class/3/progress/exam/9/mark/',
    );
    expect(within(classes).getByRole('row', { name: /9MAT2/ })).toHaveTextContent('Not your class');
    await user.click(screen.getByText('Show as table'));
    const bands = screen.getByRole('table', { name: 'Students per score band, by class' });
    expect(within(bands).getByRole('row', { name: /^50–59%/ })).toHaveTextContent('50–59%101');
  });
});
