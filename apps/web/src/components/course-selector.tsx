import {
  courseOptionLabel,
  currentAcademicYear as academicYearOf,
  filterCourseOptions,
  type CourseOption,
} from '@banksia/contracts/rules/course-selector';
import { Select, type ComboboxItem, type ComboboxParsedItem, type SelectProps } from '@mantine/core';
import { useMemo, useState } from 'react';

/** Minimum widths of the course selector (spec §9). */
export const COURSE_SELECTOR_CONTROL_MIN_WIDTH = 200;
export const COURSE_SELECTOR_MENU_MIN_WIDTH = 700;

export interface CourseSelectorProps extends Omit<
  SelectProps<number>,
  'data' | 'value' | 'onChange' | 'filter' | 'searchable'
> {
  options: readonly CourseOption[];
  value: number | null;
  onChange: (courseId: number | null, option: CourseOption | null) => void;
  /** Offers only these courses (spec §5); an empty list offers none. */
  courseIds?: readonly number[];
  /**
   * The page-wide academic year: courses published before it show only when a year is typed (spec §5). Compute it
   * once per page (`currentAcademicYear(new Date())`) so every selector on the page agrees; defaults to this year.
   */
  currentAcademicYear?: number;
}

/**
 * A searchable course dropdown (spec §2, §5 "Course selector"): labels from `courseOptionLabel` and search by
 * `filterCourseOptions` (year tokens, 3+ digit ids, every other word in the label).
 */
export function CourseSelector({
  options,
  value,
  onChange,
  courseIds,
  currentAcademicYear,
  placeholder = 'Select a course',
  comboboxProps,
  ...selectProps
}: CourseSelectorProps) {
  const [defaultYear] = useState(() => academicYearOf(new Date()));
  const year = currentAcademicYear ?? defaultYear;

  const { data, byId } = useMemo(() => {
    const allowed = courseIds === undefined ? undefined : new Set(courseIds);
    // The id restriction applies to the whole list: Mantine shows the unfiltered list while the search box holds the
    // chosen course's label. The year rule needs the search text, so it lives in `filter`.
    const offered = options.filter((option) => allowed === undefined || allowed.has(option.course_id));
    return {
      data: offered.map((option): ComboboxItem<number> => ({
        value: option.course_id,
        label: courseOptionLabel(option),
      })),
      byId: new Map(offered.map((option) => [option.course_id, option])),
    };
  }, [options, courseIds]);

  const filter = ({ options: items, search }: { options: ComboboxParsedItem<number>[]; search: string }) => {
    const matching = new Set(
      filterCourseOptions([...byId.values()], search, { courseIds, currentAcademicYear: year }).map((o) => o.course_id),
    );
    return items.filter((item) => 'value' in item && matching.has(item.value));
  };

  return (
    <Select<number>
      {...selectProps}
      data={data}
      value={value}
      onChange={(courseId) => onChange(courseId, courseId === null ? null : (byId.get(courseId) ?? null))}
      searchable
      filter={filter}
      placeholder={placeholder}
      nothingFoundMessage="No courses match"
      miw={COURSE_SELECTOR_CONTROL_MIN_WIDTH}
      comboboxProps={{
        ...comboboxProps,
        // 700 wide as the spec asks, but never wider than a phone's screen.
        styles: { dropdown: { minWidth: `min(${COURSE_SELECTOR_MENU_MIN_WIDTH}px, calc(100vw - 2rem))` } },
      }}
    />
  );
}
