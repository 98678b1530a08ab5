import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as analytics from '../lib/analytics';
import { track } from '../lib/analytics';
import { apiCalls, stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { CourseJumper } from './course-jumper';

vi.mock('../lib/analytics', async (importOriginal) => ({
  ...(await importOriginal<typeof analytics>()),
  track: vi.fn(),
}));

const mine = [
  { course_id: 3, title: 'Year 9 Mathematics', year_published: 2026, classes: [] },
  { course_id: 4, title: 'Year 9 Science', year_published: 2026, classes: [] },
];
const options = [
  {
    course_id: 77,
    title: 'Chemistry',
    year_published: 2025,
    default_year_level: 'Year 11',
    curriculum: 'VCE',
    has_textbook: false,
  },
];
const answers = {
  'GET /api/v1/courses/mine/': { status: 200, body: mine },
  'GET /api/v1/courses/options/': { status: 200, body: options },
};

function jumper() {
  return screen.getByRole('combobox', { name: 'Jump to course' });
}

describe('CourseJumper', () => {
  beforeEach(() => {
    vi.mocked(track).mockClear();
  });

  it("offers the user's courses, from one request", async () => {
    const seen = stubFetch(answers);
    const { user } = renderWithProviders(<CourseJumper />);
    expect(jumper()).toHaveAttribute('placeholder', 'Jump to course');
    await user.type(jumper(), 'sci');
    expect(await screen.findByRole('option', { name: 'Year 9 Science (2026)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Mathematics/ })).toBeNull();
    const paths = apiCalls(seen).map((r) => r.path);
    expect(paths).toContain('/api/v1/courses/mine/');
    expect(paths).not.toContain('/api/v1/courses/options/');
  });

  it('offers every course to staff, from one request', async () => {
    const seen = stubFetch(answers);
    const { user } = renderWithProviders(<CourseJumper allCourses />);
    await user.type(jumper(), 'vce chem');
    expect(await screen.findByRole('option', { name: '2025 · Year 11 · VCE · Chemistry · #77' })).toBeInTheDocument();
    const paths = apiCalls(seen).map((r) => r.path);
    expect(paths).toContain('/api/v1/courses/options/');
    expect(paths).not.toContain('/api/v1/courses/mine/');
  });

  it('goes to the chosen course and records the jump', async () => {
    stubFetch(answers);
    const { user, router } = renderWithProviders(<CourseJumper />, { path: '/account/' });
    await user.type(jumper(), 'math');
    await user.click(await screen.findByRole('option', { name: 'Year 9 Mathematics (2026)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/3/'));
    expect(track).toHaveBeenCalledWith('used course jumper', { courseId: 3, url: '/course/3/' });
    expect(jumper()).toHaveValue('');
  });

  it('is focused by alt+J, even from inside another field', async () => {
    stubFetch(answers);
    renderWithProviders(
      <>
        <input aria-label="Other field" />
        <CourseJumper />
      </>,
    );
    const other = screen.getByRole('textbox', { name: 'Other field' });
    other.focus();
    fireEvent.keyDown(other, { key: '∆', code: 'KeyJ', altKey: true });
    expect(jumper()).toHaveFocus();
  });

  it('ignores J without alt', () => {
    stubFetch(answers);
    renderWithProviders(<CourseJumper />);
    fireEvent.keyDown(document.body, { key: 'j', code: 'KeyJ' });
    expect(jumper()).not.toHaveFocus();
  });
});
