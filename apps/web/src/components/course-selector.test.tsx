import type { CourseOption } from '@banksia/contracts/rules/course-selector';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { CourseSelector } from './course-selector';

function course(overrides: Partial<CourseOption> & Pick<CourseOption, 'course_id' | 'title'>): CourseOption {
  return {
    year_published: 2026,
    default_year_level: 'Year 9',
    curriculum: 'Australian Curriculum',
    has_textbook: false,
    ...overrides,
  };
}

const options = [
  course({ course_id: 101, title: 'Mathematics', has_textbook: true }),
  course({ course_id: 102, title: 'Science' }),
  course({ course_id: 103, title: 'Old Mathematics', year_published: 2024 }),
  course({ course_id: 1234, title: 'History', default_year_level: 'Year 10' }),
];

function Harness(props: { courseIds?: number[]; onChange?: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <CourseSelector
      label="Course"
      options={options}
      value={value}
      currentAcademicYear={2026}
      courseIds={props.courseIds}
      onChange={(id) => {
        setValue(id);
        props.onChange?.(id);
      }}
    />
  );
}

function shownOptions() {
  return within(screen.getByRole('listbox'))
    .queryAllByRole('option')
    .map((o) => o.textContent);
}

describe('CourseSelector', () => {
  it('has the spec placeholder and labels', async () => {
    stubFetch({});
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Course' });
    expect(input).toHaveAttribute('placeholder', 'Select a course');
    await user.click(input);
    expect(shownOptions()).toContain('2026 · Year 9 · Australian Curriculum · Mathematics · Textbook · #101');
  });

  it('keeps the spec minimum widths: control 200, menu 700', async () => {
    stubFetch({});
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Course' });
    expect(input.closest('.mantine-Select-root')).toHaveStyle({ minWidth: 'calc(12.5rem * var(--mantine-scale))' });
    await user.click(input);
    const dropdown = screen.getByRole('listbox').closest<HTMLElement>('.mantine-Select-dropdown');
    expect(dropdown?.style.minWidth).toBe('min(700px, calc(100vw - 2rem))');
  });

  it('hides courses from before the current academic year unless a year is typed', async () => {
    stubFetch({});
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Course' });
    await user.type(input, 'math');
    expect(shownOptions()).toEqual(['2026 · Year 9 · Australian Curriculum · Mathematics · Textbook · #101']);
    await user.clear(input);
    await user.type(input, '2024 math');
    expect(shownOptions()).toEqual(['2024 · Year 9 · Australian Curriculum · Old Mathematics · #103']);
  });

  it('matches ids as whole numbers', async () => {
    stubFetch({});
    const { user } = renderWithProviders(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'Course' }), 'id:123');
    expect(shownOptions()).toEqual([]);
    expect(screen.getByText('No courses match')).toBeInTheDocument();
  });

  it('offers only the given course ids', async () => {
    stubFetch({});
    const { user } = renderWithProviders(<Harness courseIds={[102]} />);
    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    expect(shownOptions()).toEqual(['2026 · Year 9 · Australian Curriculum · Science · #102']);
  });

  it('reports the chosen course id', async () => {
    stubFetch({});
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await user.type(screen.getByRole('combobox', { name: 'Course' }), 'history');
    await user.click(screen.getByRole('option', { name: /History/ }));
    expect(onChange).toHaveBeenCalledWith(1234);
  });
});
