import type { TaskDetail } from '@banksia/contracts/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { TaskPage } from './task-page';

const base: TaskDetail = {
  id: 7,
  class_id: 5,
  class_title: '9MAT1',
  title: 'Fractions homework',
  due_at: '2026-03-28T04:30:00.000Z',
  time_zone: 'Australia/Sydney',
  overdue: false,
  created_at: '2026-03-20T00:00:00.000Z',
  viewer: 'student',
  item_count: 2,
  roster: 2,
  students_done: null,
  items_done: 1,
  items_left: 1,
  instructions: '<p>Finish before Friday</p>',
  course_id: 3,
  anonymised: false,
  students: [],
  items: [
    {
      id: 70,
      kind: 'lesson',
      position: 0,
      title: 'Adding fractions',
      lesson_id: 11,
      exam_id: null,
      activity_id: null,
      activity_lesson_id: null,
      exam_kind: null,
      chunk_count: 3,
      done_count: null,
      done: true,
      chunks_visited: 3,
    },
    {
      id: 71,
      kind: 'question_set',
      position: 1,
      title: 'Fractions practice',
      lesson_id: null,
      exam_id: 21,
      activity_id: null,
      activity_lesson_id: null,
      exam_kind: 'question_set',
      chunk_count: null,
      done_count: null,
      done: false,
      chunks_visited: null,
    },
  ],
};

describe('TaskPage', () => {
  it('shows a student each item with a tick when done and a link to do it', async () => {
    stubFetch({ 'GET /api/v1/tasks/7/': { status: 200, body: base } });
    renderWithProviders(<TaskPage taskId={7} teacherClasses={[]} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions homework' })).toBeInTheDocument();
    expect(screen.getByText('Finish before Friday')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 done · 1 left')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Done' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Not done yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start: Fractions practice' })).toHaveAttribute(
      'href',
      '/class/5/question-set/21/',
    );
    expect(screen.getByText('Lesson · 3 of 3 parts visited')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete task/ })).not.toBeInTheDocument();
  });

  it('lets a teacher delete the task after confirming', async () => {
    const teacherView: TaskDetail = {
      ...base,
      viewer: 'teacher',
      students_done: 1,
      items_done: null,
      items_left: null,
      items: base.items.map((item, i) => ({ ...item, done: null, chunks_visited: null, done_count: 2 - i })),
      students: [
        { profile_id: 1, first_name: 'Amy', last_name: 'Zed', display_name: 'Amy Zed', done_item_ids: [70, 71] },
        { profile_id: 2, first_name: 'Bob', last_name: 'Yu', display_name: 'Bob Yu', done_item_ids: [70] },
      ],
    };
    const seen = stubFetch({
      'GET /api/v1/tasks/7/': { status: 200, body: teacherView },
      'DELETE /api/v1/tasks/7/': { status: 204 },
    });
    const { user, router } = renderWithProviders(<TaskPage taskId={7} teacherClasses={[{ id: 5, title: '9MAT1' }]} />);
    const table = await screen.findByRole('table', { name: "Each student's done items (a tick means done)" });
    expect(within(table).getAllByRole('img', { name: 'Done' })).toHaveLength(3);
    expect(screen.getByText('1 of 2 students have done everything.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this task?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete task' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/'));
    expect(seen.some((r) => r.method === 'DELETE' && r.path === '/api/v1/tasks/7/')).toBe(true);
  }, 30_000);
});
