import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ActivityPlacement, type ActivityPlacementValue } from './activity-placement';

const options = {
  courses: [
    {
      id: 1,
      label: 'Year 9 Mathematics (2026)',
      topics: [],
      lessons: [
        { id: 11, label: 'Equivalent fractions', question_set_id: null },
        { id: 12, label: 'Decimals', question_set_id: null },
      ],
      activities: [],
    },
    {
      id: 2,
      label: 'Year 10 Science (2026)',
      topics: [],
      lessons: [{ id: 21, label: 'Cells', question_set_id: null }],
      activities: [],
    },
  ],
};

function renderPlacement(initial: ActivityPlacementValue) {
  stubFetch({ 'GET /api/v1/admin/exams/options/': { status: 200, body: options } });
  const changes: ActivityPlacementValue[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <ActivityPlacement
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  return { ...renderWithProviders(<Harness />), changes };
}

// jsdom has no scrolling; Mantine's combobox scrolls the chosen option into view.
Element.prototype.scrollIntoView ??= () => undefined;

describe('ActivityPlacement', () => {
  it('places an activity in a course, then in one of its lessons', async () => {
    const { user, changes } = renderPlacement({ course_id: null, lesson_id: null });
    expect(screen.getByRole('combobox', { name: 'Lesson' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Year 9 Mathematics (2026)' }));
    expect(changes.at(-1)).toEqual({ course_id: 1, lesson_id: null });
    await user.click(screen.getByRole('combobox', { name: 'Lesson' }));
    expect(screen.queryByRole('option', { name: 'Cells' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Decimals' }));
    expect(changes.at(-1)).toEqual({ course_id: 1, lesson_id: 12 });
  });

  it('clears the lesson when the course changes (a lesson must be of its course)', async () => {
    const { user, changes } = renderPlacement({ course_id: 1, lesson_id: 11 });
    expect(await screen.findByDisplayValue('Equivalent fractions')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Year 10 Science (2026)' }));
    expect(changes.at(-1)).toEqual({ course_id: 2, lesson_id: null });
    expect(screen.getByRole('combobox', { name: 'Lesson' })).toHaveValue('');
  });
});
