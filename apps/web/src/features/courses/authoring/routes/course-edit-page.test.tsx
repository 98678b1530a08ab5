import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, jsonResponse, stubFetch } from '../../../../test/fetch-stub';
import { makeMe } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render';

const staff = makeMe({ roles: ['content_admin'] });

function courseDetail(version: number, changes: Partial<AdminCourseDetail['course']> = {}): AdminCourseDetail {
  return {
    course: {
      id: 3,
      title: 'Mathematics 7',
      slug: 'mathematics-7',
      subject: 'Mathematics',
      year_published: 2024,
      default_year_level: '7',
      curriculum: null,
      has_textbook: false,
      show_student_notes: true,
      is_published: false,
      feature_sets: {},
      version,
      ...changes,
    },
    root_node_id: 100,
    tree: [
      {
        node_id: 101,
        node_type: 'section',
        value_id: 7,
        title: 'Fractions',
        is_published: true,
        is_coming_soon: false,
        is_premium: false,
        version: null,
        detail: null,
        children: [],
      },
    ],
    attachments: [],
  };
}

describe('course editor', () => {
  it(
    'publishes the course and adds a topic, each write naming the version it was made on',
    { timeout: 30_000 },
    async () => {
      const seen = stubFetch({
        'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
        'GET /api/v1/admin/courses/3/': { status: 200, body: courseDetail(2) },
        'PATCH /api/v1/admin/courses/3/': () => jsonResponse(200, courseDetail(3, { is_published: true })),
        'POST /api/v1/admin/courses/3/sections/': () => jsonResponse(201, courseDetail(4, { is_published: true })),
      });
      const { user } = renderApp('/content/admin/courses/edit/3/');
      expect(await screen.findByRole('heading', { level: 1, name: 'Mathematics 7' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Publish the course' }));
      expect(await screen.findByRole('button', { name: 'Unpublish the course' })).toBeInTheDocument();
      expect(apiCalls(seen).find((r) => r.method === 'PATCH')?.body).toEqual({ version: 2, is_published: true });

      await user.click(screen.getByRole('button', { name: 'Add a topic' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Add a topic to Mathematics 7' }));
      await user.type(dialog.getByRole('textbox', { name: 'Title' }), 'Decimals');
      await user.click(dialog.getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(apiCalls(seen).some((r) => r.method === 'POST')).toBe(true));
      expect(apiCalls(seen).find((r) => r.method === 'POST')?.body).toEqual({
        version: 3,
        parent_node_id: 100,
        title: 'Decimals',
      });
    },
  );

  it('offers the latest version when someone else saved the course first', { timeout: 30_000 }, async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
      'GET /api/v1/admin/courses/3/': { status: 200, body: courseDetail(2) },
      'PATCH /api/v1/admin/courses/3/': {
        status: 409,
        body: {
          code: 'conflict',
          detail: 'Someone else changed this course since you opened it. Reload to see their changes.',
        },
      },
    });
    const { user } = renderApp('/content/admin/courses/edit/3/');
    await user.click(await screen.findByRole('button', { name: 'Publish the course' }));
    expect(await screen.findByText(/Someone else changed this course/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load the latest version' })).toBeInTheDocument();
  });
});
