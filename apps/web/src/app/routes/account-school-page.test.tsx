import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiCalls, stubFetch } from '../../test/fetch-stub';
import { makeClass, makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/render';

vi.mock('../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const teacherProfile = {
  profile_id: 9,
  school_id: 5,
  school_name: 'Banksia Demo High School',
  school_slug: 'demo',
  kind: 'teacher' as const,
};
const priya = makeMe({
  user: {
    id: 2,
    first_name: 'Priya',
    last_name: 'Sharma',
    display_name: 'Priya Sharma',
    email: 'teacher@banksia.test',
  },
  roles: ['teacher'],
  profiles: [teacherProfile],
  classes: [
    makeClass({ id: 11, role: 'teacher', calendar_year: 2026 }),
    makeClass({ id: 7, title: '8MAT2', role: 'teacher', calendar_year: 2025 }),
  ],
});
const schoolClasses = (year: number) => ({
  school: { id: 5, name: 'Banksia Demo High School', slug: 'demo' },
  years: [2026, 2025],
  classes: [
    {
      id: year === 2026 ? 11 : 7,
      title: year === 2026 ? '9MAT1' : '8MAT2',
      course_id: 3,
      course_title: 'Year 9 Mathematics',
      class_type: 'N',
      calendar_year: year,
      student_count: 24,
      teacher_names: ['Priya Sharma'],
    },
  ],
});

describe('school and class lists', () => {
  it('shows a teacher their school’s classes for the latest year, and another year from its link', async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: priya } },
      'GET /api/v1/schools/5/classes/': { status: 200, body: schoolClasses(2026) },
      'GET /api/v1/schools/5/classes/?year=2025': { status: 200, body: schoolClasses(2025) },
    });
    const { user, router } = renderApp('/account/school/');

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: '9MAT1' })).toHaveAttribute('href', '/class/11/course/');
    expect(within(table).getByText('Priya Sharma')).toBeInTheDocument();
    const years = screen.getByRole('navigation', { name: 'Years' });
    expect(within(years).getByRole('link', { name: '2026' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(years).getByRole('link', { name: '2025' }));
    expect(await screen.findByRole('link', { name: '8MAT2' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/school/2025/');
    expect(apiCalls(seen).map((r) => r.url)).toContain('/api/v1/schools/5/classes/?year=2025');
  });

  it('refuses the school page to someone who does not teach', async () => {
    stubFetch({ 'GET /api/v1/auth/session/': { status: 200, body: { me: makeMe({ roles: ['student'] }) } } });
    renderApp('/account/school/');
    expect(await screen.findByRole('heading', { level: 1, name: 'What are you doing here?' })).toBeInTheDocument();
  });

  it('lists the user’s classes by year, or one year', async () => {
    stubFetch({ 'GET /api/v1/auth/session/': { status: 200, body: { me: priya } } });
    const { router } = renderApp('/account/classes/');

    expect(await screen.findByRole('heading', { level: 2, name: '2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '2025' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '8MAT2' })).toHaveAttribute('href', '/class/7/course/');

    await act(() => router.navigate('/account/classes/2025/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your classes in 2025' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: '2026' })).not.toBeInTheDocument();
  });
});
