import type { courseOptionsResponse, myCoursesResponse } from '@banksia/contracts/courses';
import { courseOptionLabel } from '@banksia/contracts/rules/course-selector';
import { Select, type ComboboxItem, type ComboboxParsedItem, type SelectProps } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '../lib/analytics';
import { urlFor } from '../lib/named-routes';
import { getJson, type Answer } from '../lib/request';
import { COURSE_JUMPER_HOTKEY, COURSE_JUMPER_HOTKEY_OPTIONS } from './course-jumper-hotkey';
import { unwrap } from './request-failure';

// Same keys and parsed shapes as features/courses (get-my-courses.ts, get-course-options.ts), which this shared
// piece may not import: the pages and the jumper share one cached answer instead of asking twice.
const myCoursesQuery = () =>
  queryOptions({
    queryKey: ['courses', 'mine'],
    queryFn: async ({ signal }) =>
      unwrap(await getJson<Answer<typeof myCoursesResponse>>(urlFor('api:my-courses'), { signal })),
  });
const courseOptionsQuery = () =>
  queryOptions({
    queryKey: ['courses', 'options'],
    queryFn: async ({ signal }) =>
      unwrap(await getJson<Answer<typeof courseOptionsResponse>>(urlFor('api:course-options'), { signal })),
    staleTime: 5 * 60_000,
  });

export interface CourseJumperProps extends Pick<SelectProps, 'w' | 'maw' | 'miw' | 'size' | 'visibleFrom'> {
  /**
   * Offers every course (GET /api/v1/courses/options/) rather than the user's own (GET /api/v1/courses/mine/).
   * For staff, whose catalogue already includes anything they teach: one request either way.
   */
  allCourses?: boolean;
  /** Takes the focus as it appears: the shortcut was pressed before the jumper had loaded. */
  focusOnMount?: boolean;
}

/** Every search word must appear in the label, in any order and case. */
function matchEveryWord({ options, search }: { options: ComboboxParsedItem<number>[]; search: string }) {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return options.filter((item) => 'label' in item && words.every((w) => item.label.toLowerCase().includes(w)));
}

/**
 * The course jumper (spec §2): a search box, 'Jump to course', that goes to the chosen course's page and records
 * 'used course jumper'. Alt+J focuses it from anywhere, even while typing in another field or the editor.
 */
export function CourseJumper({ allCourses = false, focusOnMount = false, ...layout }: CourseJumperProps) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const mine = useQuery({ ...myCoursesQuery(), enabled: !allCourses });
  const all = useQuery({ ...courseOptionsQuery(), enabled: allCourses });

  // No ignored tags, so the shortcut works inside inputs and the rich-text editor too.
  useHotkeys([[COURSE_JUMPER_HOTKEY, () => inputRef.current?.focus(), COURSE_JUMPER_HOTKEY_OPTIONS]], [], true);
  // Only as it first appears.
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) inputRef.current?.focus();
  }, []);

  const data = useMemo((): ComboboxItem<number>[] => {
    if (allCourses) return (all.data ?? []).map((o) => ({ value: o.course_id, label: courseOptionLabel(o) }));
    return (mine.data ?? []).map((c) => ({ value: c.course_id, label: `${c.title} (${c.year_published})` }));
  }, [allCourses, all.data, mine.data]);
  const loading = allCourses ? all.isPending : mine.isPending;

  const jump = (courseId: number | null) => {
    if (courseId === null) return;
    const url = urlFor('course', { courseId });
    track('used course jumper', { courseId, url });
    setSearch('');
    inputRef.current?.blur();
    void navigate(url);
  };

  return (
    <Select<number>
      {...layout}
      ref={inputRef}
      aria-label="Jump to course"
      placeholder="Jump to course"
      data={data}
      value={null}
      onChange={jump}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={matchEveryWord}
      limit={50}
      nothingFoundMessage={loading ? 'Loading courses...' : 'No courses match'}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={<></>}
      // The list is rendered when it opens, not hidden beside the box from the start (Mantine's default): mounting a
      // hidden list of every course and placing it cost ~100 ms of a phone's main thread on every page (2026-11-28).
      comboboxProps={{ keepMounted: false, styles: { dropdown: { minWidth: 'min(480px, calc(100vw - 2rem))' } } }}
    />
  );
}
