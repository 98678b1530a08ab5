import type { Course } from '@banksia/contracts/courses';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { course, makePresitree, makeClass, makeMe } from '../../test/fixtures';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

vi.mock('../../lib/analytics', () => ({ trackPageView: vi.fn(), track: vi.fn() }));

const year = new Date().getFullYear();
const courses: Course[] = [
  { ...course, id: 3, title: 'Year 9 Mathematics', year_published: year },
  {
    ...course,
    id: 4,
    title: 'Year 10 Science',
    subject: 'Science',
    default_year_level: '10',
    has_textbook: false,
    year_published: year,
  },
  { ...course, id: 1234, title: 'Year 9 Mathematics', year_published: year - 2 },
];
const ava = makeMe({ roles: ['student'], classes: [makeClass({ id: 11, role: 'student', course_id: 3 })] });

function cardTitles() {
  return screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
}

describe('library', () => {
  it('searches the courses with the course selector rule', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
      'GET /api/v1/courses/': { status: 200, body: courses },
    });
    const { user, router } = renderApp('/library/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
    // Older courses are hidden until their year is typed.
    expect(await screen.findByText('2 courses')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Year 9 Mathematics', 'Year 10 Science']);

    const search = screen.getByRole('searchbox', { name: 'Search the library' });
    await user.type(search, 'science');
    expect(cardTitles()).toEqual(['Year 10 Science']);
    expect(router.state.location.search).toBe('?q=science');

    await user.clear(search);
    await user.type(search, `maths ${year - 2}`);
    expect(screen.getByText('No courses match your search.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, `mathematics ${year - 2}`);
    expect(cardTitles()).toEqual(['Year 9 Mathematics']);
    expect(screen.getByRole('link', { name: 'Year 9 Mathematics' })).toHaveAttribute('href', '/library/access/1234/');

    // A number of 3 or more digits must match a whole number in the label, such as the course id.
    await user.clear(search);
    await user.type(search, '123');
    expect(screen.getByText('No courses match your search.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, `id:1234 ${year - 2}`);
    expect(cardTitles()).toEqual(['Year 9 Mathematics']);
  });

  it('explains how to get into a course and lists its demo lessons', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: makeMe({ roles: ['student'] }) } },
      'GET /api/v1/presitree/3/assemblage/': { status: 200, body: makePresitree() },
    });
    renderApp('/library/access/3/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Year 9 Mathematics' })).toBeInTheDocument();
    expect(screen.getByText('You are not in a class that uses this course yet.')).toBeInTheDocument();
    const demos = screen.getByRole('region', { name: 'Demo lessons' });
    expect(within(demos).getByRole('link', { name: 'Equivalent fractions' })).toHaveAttribute(
      'href',
      '/demo/lesson/200/',
    );
    expect(within(demos).getAllByRole('link')).toHaveLength(1);
  });

  it('links a course’s outline into the user’s class', async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: ava } },
      'GET /api/v1/presitree/3/assemblage/': { status: 200, body: makePresitree() },
    });
    renderApp('/course/3/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Year 9 Mathematics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in 9MAT1' })).toHaveAttribute('href', '/class/11/course/');
    expect(screen.getByRole('link', { name: 'Equivalent fractions' })).toHaveAttribute('href', '/class/11/lesson/200/');
    expect(screen.getByRole('link', { name: 'Fractions' })).toHaveAttribute('href', '/class/11/course/100/');
    expect(screen.queryByRole('link', { name: 'Adding fractions' })).not.toBeInTheDocument();
    expect(screen.queryByText('Draft topic')).not.toBeInTheDocument();
  });
});
