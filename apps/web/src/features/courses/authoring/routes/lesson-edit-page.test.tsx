import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, stubFetch } from '../../../../test/fetch-stub';
import { makeMe } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render';

const staff = makeMe({ roles: ['content_admin'] });
const lesson = {
  lesson: {
    id: 9,
    course_id: 3,
    course_title: 'Mathematics 7',
    title: 'Fractions',
    is_published: false,
    is_coming_soon: false,
    is_premium: false,
    has_success_measure: false,
    question_set_id: null,
    chunks: [{ id: 21, title: 'Halves', video_id: 5 }],
    version: 4,
  },
  videos: [
    { id: 5, label: '#5 Halves (halves.webm), 1:00', kind: 'file', duration: 60 },
    { id: 6, label: '#6 Quarters (quarters.webm), 2:00', kind: 'file', duration: 120 },
  ],
  question_sets: [{ id: 30, title: 'Fractions check', kind: 'question_set' }],
  preview_class_id: 12,
};

describe('lesson editor', () => {
  it(
    'adds a part with a video and saves the lesson with the version it was opened at',
    { timeout: 30_000 },
    async () => {
      const seen = stubFetch({
        'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
        'GET /api/v1/admin/lessons/9/': { status: 200, body: lesson },
        'PATCH /api/v1/admin/lessons/9/': (request) =>
          new Response(
            JSON.stringify({
              ...lesson,
              lesson: {
                ...lesson.lesson,
                ...(request.body as object),
                chunks: [
                  { id: 21, title: 'Halves', video_id: 5 },
                  { id: 22, title: 'Quarters', video_id: 6 },
                ],
                version: 5,
              },
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
      });
      const { user } = renderApp('/content/admin/lessons/edit/9/');
      expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /View as student/ })).toHaveAttribute('href', '/class/12/lesson/9/');
      expect(screen.getByRole('button', { name: 'Save the lesson' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Add a part' }));
      const titles = screen.getAllByLabelText('Part title');
      await user.clear(titles[1]!);
      await user.click(titles[1]!);
      await user.paste('Quarters');
      await user.click(screen.getAllByRole('combobox', { name: 'Video' })[1]!);
      await user.click(await screen.findByRole('option', { name: /#6 Quarters/ }));
      await user.click(screen.getByRole('switch', { name: 'Published' }));
      await user.click(screen.getByRole('button', { name: 'Save the lesson' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save the lesson' })).toBeDisabled());
      const patch = apiCalls(seen).find((r) => r.method === 'PATCH');
      expect(patch?.body).toMatchObject({
        version: 4,
        is_published: true,
        chunks: [
          { id: 21, title: 'Halves', video_id: 5 },
          { id: null, title: 'Quarters', video_id: 6 },
        ],
      });
    },
  );

  it('says when someone else saved the lesson first, and offers the latest', { timeout: 30_000 }, async () => {
    stubFetch({
      'GET /api/v1/auth/session/': { status: 200, body: { me: staff } },
      'GET /api/v1/admin/lessons/9/': { status: 200, body: lesson },
      'PATCH /api/v1/admin/lessons/9/': {
        status: 409,
        body: { code: 'conflict', detail: 'Someone else changed this lesson since you opened it.' },
      },
    });
    const { user } = renderApp('/content/admin/lessons/edit/9/');
    await user.click(await screen.findByRole('switch', { name: /Success measure/ }));
    await user.click(screen.getByRole('button', { name: 'Save the lesson' }));
    expect(await screen.findByText('Someone else changed this lesson since you opened it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Load the latest version/ })).toBeInTheDocument();
  });
});
