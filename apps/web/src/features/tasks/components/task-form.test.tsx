import type { TaskDetail, TaskOptions } from '@banksia/contracts/tasks';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { TaskForm } from './task-form';

// ProseMirror (the instructions editor) measures the page; jsdom does no layout.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= emptyRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  Element.prototype.getClientRects ??= emptyRects;
  document.elementFromPoint ??= () => null;
});

const options: TaskOptions = {
  class_id: 5,
  class_title: '9MAT1',
  course_id: 3,
  // A Perth school: the form's 3:30 pm is Perth's, whatever the browser's zone.
  time_zone: 'Australia/Perth',
  lessons: [
    { id: 11, title: 'Adding fractions' },
    { id: 12, title: 'Ratios' },
  ],
  question_sets: [{ id: 21, title: 'Fractions practice' }],
  exams: [{ id: 31, title: 'Term 1 test' }],
  reflective_sets: [],
  activities: [{ id: 41, title: 'Explain your method', lesson_id: 11 }],
};

const saved: TaskDetail = {
  id: 99,
  class_id: 5,
  class_title: '9MAT1',
  title: 'Fractions homework',
  due_at: '2026-03-28T04:30:00.000Z',
  time_zone: 'Australia/Sydney',
  overdue: false,
  created_at: '2026-03-20T00:00:00.000Z',
  viewer: 'teacher',
  item_count: 2,
  roster: 24,
  students_done: 0,
  items_done: null,
  items_left: null,
  items: [],
  instructions: '',
  course_id: 3,
  anonymised: false,
  students: [],
};

function setup(answers: Parameters<typeof stubFetch>[0] = {}) {
  const seen = stubFetch({
    'GET /api/v1/classes/5/task-options/': { status: 200, body: options },
    'POST /api/v1/tasks/': { status: 201, body: saved },
    ...answers,
  });
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <TaskForm classes={[{ id: 5, title: '9MAT1' }]} onSaved={onSaved} onCancel={() => {}} />,
  );
  return { seen, onSaved, ...view };
}

describe('TaskForm', () => {
  it('sets a task: class, title, due date (dd/MM/yyyy) and time, and the items in the order ticked', async () => {
    const { seen, onSaved, user } = setup();
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Fractions homework' } });
    const date = screen.getByRole('textbox', { name: 'Due date' });
    fireEvent.change(date, { target: { value: '28/03/2026' } });
    fireEvent.blur(date);
    expect(date).toHaveValue('28/03/2026');
    fireEvent.change(screen.getByLabelText(/^Time due/), { target: { value: '15:30' } });

    // Items are grouped by type from the class's options.
    const lessons = await screen.findByRole('group', { name: 'Lessons' });
    expect(lessons).toHaveTextContent('Adding fractions');
    expect(screen.getByRole('group', { name: 'Exams' })).toHaveTextContent('Term 1 test');
    expect(screen.queryByRole('group', { name: 'Reflective sets' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Term 1 test' }));
    await user.click(screen.getByRole('checkbox', { name: 'Adding fractions' }));
    await user.click(screen.getByRole('checkbox', { name: 'Explain your method' }));
    await user.click(screen.getByRole('checkbox', { name: 'Explain your method' }));
    expect(screen.getByText('2 items chosen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set task' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = seen.find((r) => r.method === 'POST' && r.path === '/api/v1/tasks/')!;
    expect(post.body).toEqual({
      class_id: 5,
      title: 'Fractions homework',
      instructions: '',
      // 15:30 on 28 March in Perth (UTC+8).
      due_at: '2026-03-28T07:30:00.000Z',
      items: [
        { kind: 'exam', exam_id: 31 },
        { kind: 'lesson', lesson_id: 11 },
      ],
    });
  }, 30_000);

  it('says what is missing and sends nothing', async () => {
    const { seen, user } = setup();
    await screen.findByRole('group', { name: 'Lessons' });
    await user.click(screen.getByRole('button', { name: 'Set task' }));
    expect(screen.getByText('Give the task a title.')).toBeInTheDocument();
    expect(screen.getByText('Enter the date (dd/mm/yyyy) and time it is due.')).toBeInTheDocument();
    expect(screen.getByText('Tick at least one thing for the class to do.')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'POST' && r.path === '/api/v1/tasks/')).toBe(false);
  });

  it("shows the server's error against the item at fault", async () => {
    const { user } = setup({
      'POST /api/v1/tasks/': {
        status: 400,
        body: {
          detail: 'Some fields are not valid.',
          code: 'validation_failed',
          errors: { 'items.0.exam_id': ['This exam is not one the class can sit.'] },
        },
      },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Test' } });
    const date = screen.getByRole('textbox', { name: 'Due date' });
    fireEvent.change(date, { target: { value: '28/03/2026' } });
    fireEvent.blur(date);
    await user.click(await screen.findByRole('checkbox', { name: 'Term 1 test' }));
    await user.click(screen.getByRole('button', { name: 'Set task' }));
    expect(await screen.findByText('Term 1 test: This exam is not one the class can sit.')).toBeInTheDocument();
  });
});
