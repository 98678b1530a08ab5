import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeClassAssemblage, makeClassProgress, makeUserProgress, makeClass, makeMe } from '../../test/fixtures';
import { apiCalls, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

vi.mock('../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const ava = makeMe({ roles: ['student'], classes: [makeClass({ id: 11, role: 'student' })] });
const priya = makeMe({
  user: {
    id: 2,
    first_name: 'Priya',
    last_name: 'Sharma',
    display_name: 'Priya Sharma',
    email: 'teacher@banksia.test',
  },
  roles: ['teacher'],
  classes: [makeClass({ id: 11, role: 'teacher' })],
});

function progressBar(name: string) {
  return screen.getByRole('progressbar', { name });
}

describe('class course page', () => {
  it('shows a student their progress per topic and their lessons with what they opened, watched and rated', async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
      'GET /api/v1/classes/11/users/1/progress/': { status: 200, body: makeUserProgress() },
    });
    renderApp('/class/11/course/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Year 9 Mathematics' })).toBeInTheDocument();
    // 3 of the 6 parts of the lessons the student can open (Equivalent fractions 1 of 3, Fraction drills 2 of 2,
    // Linear equations 0 of 1; not the premium or coming-soon ones); 1 of 8 videos.
    expect(await screen.findByRole('progressbar', { name: 'Lesson parts opened' })).toHaveAttribute(
      'aria-valuetext',
      '50%',
    );
    expect(progressBar('Videos watched')).toHaveAttribute('aria-valuetext', '13%');
    expect(progressBar('Parts opened in Fractions')).toHaveAttribute('aria-valuetext', '60%');
    expect(progressBar('Parts opened in Algebra')).toHaveAttribute('aria-valuetext', '0%');
    expect(progressBar('Parts opened in Fractions')).toHaveAttribute('data-band', 'medium');

    const fractions = screen.getByRole('region', { name: 'Fractions' });
    expect(within(fractions).getByRole('link', { name: 'Fractions' })).toHaveAttribute('href', '/class/11/course/100/');
    const list = within(fractions).getByRole('list', { name: 'Lessons in Fractions' });
    // Opens where the student left off: part 2, the first not opened.
    expect(within(list).getByRole('link', { name: 'Equivalent fractions' })).toHaveAttribute(
      'href',
      '/class/11/lesson/200/2/',
    );
    expect(within(list).getByText('1 of 3 parts opened')).toBeInTheDocument();
    expect(within(list).getByText('1 video watched')).toBeInTheDocument();
    expect(within(list).getByText('Your rating 3/5')).toBeInTheDocument();
    expect(within(list).getByText('All parts opened')).toBeInTheDocument();
    // Coming soon and premium lessons are listed but are not links.
    expect(within(list).getByText('Coming soon')).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Adding fractions' })).not.toBeInTheDocument();
    expect(within(list).getByText('Premium')).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Fractions of amounts' })).not.toBeInTheDocument();
    // Exams: listed only when submittable.
    expect(within(fractions).getByRole('link', { name: 'Fractions topic test' })).toHaveAttribute(
      'href',
      '/exams/401/',
    );
    expect(within(fractions).queryByText('Unsubmittable exam')).not.toBeInTheDocument();
    // Unpublished topics are not listed for students.
    expect(screen.queryByText('Draft topic')).not.toBeInTheDocument();
    // The class's progress is for teachers only.
    expect(apiCalls(seen).some((r) => r.path === '/api/v1/classes/11/progress/')).toBe(false);
  });

  it('shows a teacher the class’s progress lesson by lesson', async () => {
    const seen = stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: priya } },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
      'GET /api/v1/classes/11/progress/': { status: 200, body: makeClassProgress() },
    });
    renderApp('/class/11/course/');

    expect(await screen.findByText('students on the roster')).toBeInTheDocument();
    expect(screen.getByText('24')).toBeInTheDocument();
    expect(progressBar('Lesson parts opened, average per student')).toHaveAttribute('aria-valuetext', '31%');

    const table = screen.getByRole('table', { name: 'Lessons in Fractions' });
    const row = within(table).getByRole('row', { name: /Equivalent fractions/ });
    expect(within(row).getByRole('progressbar', { name: 'Students who started Equivalent fractions' })).toHaveAttribute(
      'aria-valuetext',
      '50%',
    );
    expect(within(row).getByText('12 of 24')).toBeInTheDocument();
    expect(within(row).getByText('1.5 of 3')).toBeInTheDocument();
    expect(within(row).getByText('3.4')).toBeInTheDocument();
    expect(within(row).getByText('/ 5 (10)')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    const algebra = screen.getByRole('table', { name: 'Lessons in Algebra' });
    expect(within(algebra).getByText('No ratings')).toBeInTheDocument();
    expect(within(algebra).getByRole('progressbar', { name: 'Students who started Linear equations' })).toHaveAttribute(
      'data-band',
      'zero',
    );
    expect(apiCalls(seen).some((r) => r.path.includes('/users/'))).toBe(false);
  });

  it('shows the failure page when the class’s course cannot be had', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
      'GET /api/v1/classes/11/assemblage/': { status: 403, body: { detail: 'No.', code: 'forbidden' } },
    });
    renderApp('/class/11/course/');
    expect(await screen.findByRole('heading', { level: 1, name: 'What are you doing here?' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('shows one topic with its sub-sections, exams and files', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
      'GET /api/v1/classes/11/assemblage/': { status: 200, body: makeClassAssemblage() },
      'GET /api/v1/classes/11/users/1/progress/': { status: 200, body: makeUserProgress() },
    });
    renderApp('/class/11/course/100/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Year 9 Mathematics' })).toHaveAttribute('href', '/class/11/course/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Practice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fraction drills' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Equivalent fractions worksheet/ })).toBeInTheDocument();
    expect(screen.getByText('Worked answers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fractions topic test' })).toBeInTheDocument();
  });
});
