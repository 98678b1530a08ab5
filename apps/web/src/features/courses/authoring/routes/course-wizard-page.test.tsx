import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../../test/fetch-stub';
import { makeMe } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render';
import { WIZARD_KEY } from '../components/wizard-state';

const staff = makeMe({ roles: ['content_admin'] });
const lists = {
  courses: [
    {
      id: 7,
      title: 'Mathematics 7',
      slug: 'maths-7',
      subject: 'Mathematics',
      year_published: 2026,
      is_published: true,
      lesson_count: 12,
      unpublished_lesson_count: 0,
      class_count: 3,
    },
  ],
  years: [2026],
  subjects: ['Mathematics'],
};
const created = {
  course: {
    id: 42,
    title: 'Mathematics 7 (2027)',
    slug: 'mathematics-7-2027',
    subject: 'Mathematics',
    year_published: 2027,
    default_year_level: null,
    curriculum: null,
    has_textbook: false,
    show_student_notes: true,
    is_published: false,
    feature_sets: {},
    version: 1,
  },
  copied_from: { id: 7, title: 'Mathematics 7', year_published: 2026 },
  counts: { sections: 4, lessons: 12, chunks: 30, exams: 2, exam_questions: 20, activities: 3, attachments: 5 },
};

afterEach(() => window.sessionStorage.clear());

describe('course wizard', () => {
  it(
    'takes the details, keeps them across a reload, copies a course and says what was made',
    { timeout: 40_000 },
    async () => {
      const seen = stubFetch({
        'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
        'GET /api/v1/admin/courses/': { status: 200, body: lists },
        'GET /api/v1/admin/courses/check-slug/': { status: 200, body: { available: true, course_title: null } },
        'POST /api/v1/admin/courses/': { status: 201, body: created },
      });
      const { user, router } = renderApp('/content/admin/courses/create/1/');
      await user.click(await screen.findByLabelText(/^Title/));
      await user.paste('Mathematics 7 (2027)');
      expect(screen.getByLabelText(/^Slug/)).toHaveValue('mathematics-7-2027');
      await user.click(screen.getAllByLabelText(/^Subject/).find((el) => el.tagName === 'INPUT')!);
      await user.paste('Mathematics');
      // Typed answers are stored at once: a reload of the step brings them back.
      expect(JSON.parse(window.sessionStorage.getItem(WIZARD_KEY) ?? '{}').details.title).toBe('Mathematics 7 (2027)');
      await user.click(screen.getByRole('button', { name: 'Next: structure' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/content/admin/courses/create/2/'));
      await user.click(await screen.findByRole('radio', { name: /A copy of an existing course/ }));
      await user.click(screen.getByRole('combobox', { name: 'Course to copy' }));
      await user.click(await screen.findByRole('option', { name: 'Mathematics 7 (2026)' }));
      await user.click(screen.getByRole('button', { name: 'Create the course' }));
      expect(await screen.findByRole('heading', { name: 'Mathematics 7 (2027) is ready' })).toBeInTheDocument();
      expect(screen.getByText('12 lessons with 30 parts')).toBeInTheDocument();
      expect(router.state.location.search).toBe('?course=42');
      const post = apiCalls(seen).find((r) => r.method === 'POST' && r.path === '/api/v1/admin/courses/');
      expect(post?.body).toMatchObject({
        details: { title: 'Mathematics 7 (2027)', slug: 'mathematics-7-2027', subject: 'Mathematics' },
        structure: { mode: 'copy', source_course_id: 7 },
      });
      // Done: the answers are cleared, so the next course starts afresh.
      expect(window.sessionStorage.getItem(WIZARD_KEY)).toBeNull();
    },
  );

  it('stops on step 1 when the slug is taken, naming the course that has it', { timeout: 30_000 }, async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
      'GET /api/v1/admin/courses/': { status: 200, body: lists },
      'GET /api/v1/admin/courses/check-slug/': {
        status: 200,
        body: { available: false, course_title: 'Mathematics 7' },
      },
    });
    const { user, router } = renderApp('/content/admin/courses/create/1/');
    await user.click(await screen.findByLabelText(/^Title/));
    await user.paste('Maths 7');
    await user.click(screen.getAllByLabelText(/^Subject/).find((el) => el.tagName === 'INPUT')!);
    await user.paste('Mathematics');
    await user.click(screen.getByRole('button', { name: 'Next: structure' }));
    expect(await screen.findByText('This slug is already used by the course "Mathematics 7".')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/content/admin/courses/create/1/');
  });

  it('shows teachers the unauthorized page', async () => {
    stubFetch({ 'GET /api/v1/auth/session/': { status: 200, body: { me: makeMe({ roles: ['teacher'] }) } } });
    renderApp('/content/admin/courses/create/');
    expect(await screen.findByText('What are you doing here?')).toBeInTheDocument();
  });
});
