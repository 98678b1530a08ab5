import { describe, expect, it } from 'vitest';
import { courseOptionLabel, currentAcademicYear, filterCourseOptions, type CourseOption } from './course-selector';

function option(
  course_id: number,
  year_published: number,
  default_year_level: string | null,
  curriculum: string | null,
  title: string,
  has_textbook = false,
): CourseOption {
  return { course_id, title, year_published, default_year_level, curriculum, has_textbook };
}

const options: CourseOption[] = [
  option(101, 2026, 'Year 9', 'Australian Curriculum', 'Year 9 Mathematics', true),
  option(102, 2026, 'Year 10', 'Australian Curriculum', 'Year 10 Mathematics'),
  option(123, 2025, 'Year 9', 'Victorian Curriculum', 'Year 9 Mathematics', true),
  option(1234, 2027, null, null, 'Methods Units 3 & 4'),
  option(250, 2024, 'Year 12', 'NSW Syllabus', 'Mathematics Advanced'),
  option(77, 2026, 'Year 8', null, 'Science A1234'),
  option(88, 2026, 'Year 11', null, 'Maths 360'),
  option(2026, 2026, 'Year 7', null, 'Year 7 Science', true),
];

describe('courseOptionLabel', () => {
  it.each([
    [options[0], '2026 · Year 9 · Australian Curriculum · Year 9 Mathematics · Textbook · #101'],
    [options[1], '2026 · Year 10 · Australian Curriculum · Year 10 Mathematics · #102'],
    [options[3], '2027 · Methods Units 3 & 4 · #1234'],
    [options[5], '2026 · Year 8 · Science A1234 · #77'],
    [option(5, 2026, '  ', '', 'Blank parts', true), '2026 · Blank parts · Textbook · #5'],
    [option(6, 2026, ' Year 7 ', ' VCE ', ' Padded title '), '2026 · Year 7 · VCE · Padded title · #6'],
  ])('%o → %s', (o, expected) => {
    expect(courseOptionLabel(o!)).toBe(expected);
  });
});

describe('filterCourseOptions', () => {
  const ids = (search: string, courseIds?: number[], year = 2026) =>
    filterCourseOptions(options, search, { courseIds, currentAcademicYear: year }).map((o) => o.course_id);

  it.each([
    // No year token: only courses published in or after the current academic year (2026).
    ['', [101, 102, 1234, 77, 88, 2026]],
    ['   ', [101, 102, 1234, 77, 88, 2026]],
    // Words must all appear in the label, case-insensitively.
    ['math', [101, 102, 88]],
    ['maths', [88]],
    ['MATHEMATICS year 9', [101]],
    ['  year   9  ', [101]],
    ['textbook', [101, 2026]],
    ['science', [77, 2026]],
    ['australian curriculum', [101, 102]],
    ['a1234', [77]],
    ['#102', [102]],
    ['3 & 4', [1234]],
    ['nothing-like-this', []],
    // A 20xx token restricts to that publication year and is consumed.
    ['2025', [123]],
    ['2025 year 9', [123]],
    ['2024', [250]],
    ['2024 science', []],
    ['2027', [1234]],
    ['2030', []],
    ['2025 2026', []],
    ['2026 2026 science', [77, 2026]],
    // Not 20xx, so not a year: 1999 is a number token; 20260 is a number token.
    ['1999', []],
    ['20260', []],
    // Numeric tokens of 3+ digits match whole numbers in the label only.
    ['123', []],
    ['2025 123', [123]],
    ['2025 id:123', [123]],
    ['2025 ID:123', [123]],
    ['1234', [1234]],
    ['2027 123', []],
    ['360', [88]],
    ['36', [88]],
    ['102', [102]],
    ['101 102', []],
    // id:2026 is a number token: it matches the year 2026 in every 2026 label and keeps the current-year rule.
    ['id:2026', [101, 102, 77, 88, 2026]],
    ['id:2026 science', [77, 2026]],
    // Short numbers and malformed id tokens are plain words.
    ['12', [1234, 77]],
    ['id:12', []],
    ['idx:123', []],
  ])('%j → %j', (search, expected) => {
    expect(ids(search)).toEqual(expected);
  });

  it.each([
    [[101, 123], '', [101]],
    [[101, 123], '2025', [123]],
    [[101, 123], 'mathematics', [101]],
    [[250], '', []],
    [[250], '2024', [250]],
    [[], '', []],
    [[999], '', []],
  ])('restricted to %j, search %j → %j', (courseIds, search, expected) => {
    expect(ids(search, courseIds)).toEqual(expected);
  });

  it.each([
    [2024, [101, 102, 123, 1234, 250, 77, 88, 2026]],
    [2025, [101, 102, 123, 1234, 77, 88, 2026]],
    [2027, [1234]],
    [2028, []],
  ])('current academic year %i → %j', (year, expected) => {
    expect(ids('', undefined, year)).toEqual(expected);
  });

  it('keeps the input order and does not mutate the input', () => {
    const input = [...options].reverse();
    const copy = [...input];
    const result = filterCourseOptions(input, 'science', { currentAcademicYear: 2026 });
    expect(result.map((o) => o.course_id)).toEqual([2026, 77]);
    expect(input).toEqual(copy);
  });
});

describe('currentAcademicYear', () => {
  it.each([
    ['first minute of the year', new Date(2026, 0, 1, 0, 0), 2026],
    ['mid-year', new Date(2026, 5, 15, 12, 0), 2026],
    ['last minute of the year', new Date(2025, 11, 31, 23, 59), 2025],
  ])('%s → %i', (_case, now, expected) => {
    expect(currentAcademicYear(now)).toBe(expected);
  });
});
