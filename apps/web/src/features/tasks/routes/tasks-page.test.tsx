import type { TaskItem, TaskSummary } from '@banksia/contracts/tasks';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { TasksPage } from './tasks-page';

function item(overrides: Partial<TaskItem> & Pick<TaskItem, 'id' | 'kind' | 'title'>): TaskItem {
  return {
    position: 0,
    lesson_id: null,
    exam_id: null,
    activity_id: null,
    activity_lesson_id: null,
    exam_kind: null,
    chunk_count: null,
    done_count: null,
    done: false,
    chunks_visited: null,
    ...overrides,
  };
}

function task(overrides: Partial<TaskSummary> & Pick<TaskSummary, 'id' | 'title' | 'items'>): TaskSummary {
  const done = overrides.items.filter((i) => i.done).length;
  return {
    class_id: 5,
    class_title: '9MAT1',
    due_at: '2026-03-28T04:30:00.000Z',
    time_zone: 'Australia/Sydney',
    overdue: false,
    created_at: '2026-03-20T00:00:00.000Z',
    viewer: 'student',
    item_count: overrides.items.length,
    roster: 24,
    students_done: null,
    items_done: done,
    items_left: overrides.items.length - done,
    ...overrides,
  };
}

const overdue = task({
  id: 1,
  title: 'Fractions homework',
  overdue: true,
  items: [
    item({ id: 10, kind: 'lesson', title: 'Adding fractions', lesson_id: 11, chunk_count: 3, done: true }),
    item({ id: 11, kind: 'exam', title: 'Term 1 test', exam_id: 31, exam_kind: 'exam' }),
    item({ id: 12, kind: 'activity', title: 'Explain your method', activity_id: 41, activity_lesson_id: 11 }),
  ],
});
const finished = task({
  id: 2,
  title: 'Ratios warm-up',
  items: [item({ id: 20, kind: 'question_set', title: 'Ratios practice', exam_id: 21, done: true })],
});

describe("a student's tasks", () => {
  it('lists each task with its due date, what is done and left, and links to each item; overdue stands out', async () => {
    stubFetch({ 'GET /api/v1/tasks/': { status: 200, body: { tasks: [overdue, finished] } } });
    renderWithProviders(<TasksPage teacherClasses={[]} />);
    expect(screen.getByRole('heading', { level: 1, name: 'My tasks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set a task' })).not.toBeInTheDocument();

    const first = await screen.findByRole('article', { name: 'Fractions homework' });
    expect(within(first).getByText('Overdue')).toBeInTheDocument();
    expect(within(first).getByText(/^Due 28\/03\/2026/)).toBeInTheDocument();
    expect(within(first).getByText('1 of 3 done · 2 left')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Adding fractions' })).toHaveAttribute(
      'href',
      '/class/5/lesson/11/',
    );
    expect(within(first).getByRole('link', { name: 'Term 1 test' })).toHaveAttribute('href', '/exams/31/?class=5');
    expect(within(first).getByRole('link', { name: 'Explain your method' })).toHaveAttribute(
      'href',
      '/class/5/lesson/11/activity/41/',
    );
    expect(within(first).getByText('(Lesson, done)')).toBeInTheDocument();
    expect(within(first).getByText('(Exam, to do)')).toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'Ratios warm-up' });
    expect(within(second).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(second).getByText('All done')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Ratios practice' })).toHaveAttribute(
      'href',
      '/class/5/question-set/21/',
    );
  });

  it('says what will happen when there are no tasks', async () => {
    stubFetch({ 'GET /api/v1/tasks/': { status: 200, body: { tasks: [] } } });
    renderWithProviders(<TasksPage teacherClasses={[]} />);
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.getByText(/When a teacher sets your class a task/)).toBeInTheDocument();
  });

  it('gives a teacher a "Set a task" button and an empty state that says how to start', async () => {
    stubFetch({ 'GET /api/v1/tasks/': { status: 200, body: { tasks: [] } } });
    renderWithProviders(<TasksPage teacherClasses={[{ id: 5, title: '9MAT1' }]} />);
    expect(await screen.findByText('You have not set any tasks yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Set a task' })).toHaveLength(2);
  });
});
