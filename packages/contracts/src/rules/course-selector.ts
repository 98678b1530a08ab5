/** One course in the course selector (spec §3 "Course option"). */
export interface CourseOption {
  course_id: number;
  title: string;
  year_published: number;
  default_year_level: string | null;
  curriculum: string | null;
  has_textbook: boolean;
}

export interface CourseFilterOptions {
  /** When given, only these courses are offered; an empty list offers nothing. */
  courseIds?: readonly number[];
  /** The page-wide academic year (see `currentAcademicYear`); older courses are hidden unless a year is typed. */
  currentAcademicYear: number;
}

const SEPARATOR = ' · ';
const YEAR_TOKEN = /^20\d\d$/;
const NUMBER_TOKEN = /^(?:id:)?(\d{3,})$/i;

/**
 * The selector label, e.g. `2026 · Year 9 · Australian Curriculum · Year 9 Mathematics · Textbook · #123`.
 * Missing or blank parts are left out; the id goes last so `#123` is always searchable.
 */
export function courseOptionLabel(option: CourseOption): string {
  const parts = [
    String(option.year_published),
    option.default_year_level?.trim(),
    option.curriculum?.trim(),
    option.title.trim(),
    option.has_textbook ? 'Textbook' : undefined,
    `#${option.course_id}`,
  ];
  return parts.filter((part): part is string => part !== undefined && part !== '').join(SEPARATOR);
}

/** Whether `digits` appears in `label` as a whole number, not inside a longer word or number. */
function containsWholeNumber(label: string, digits: string): boolean {
  // `digits` is checked to be [0-9]+ by NUMBER_TOKEN, so it is safe to put in a pattern unescaped.
  return new RegExp(`(?<![A-Za-z0-9])${digits}(?![A-Za-z0-9])`).test(label);
}

/**
 * Filters the selector's options by the typed search text (spec §5 "Course selector"), keeping their order.
 *
 * - Restricted to `courseIds` when given.
 * - The text is split on whitespace; empty tokens are ignored.
 * - A token of exactly `20xx` is a year: it restricts to that publication year and is consumed (it need not also
 *   appear in the label). Several year tokens must all match, so two different years give no results.
 *   With no year token, only courses published in or after `currentAcademicYear` are shown.
 * - A token of 3+ digits, optionally prefixed `id:` (any case), must match a whole number in the label:
 *   `123` matches `#123` or ` 123 ` but not `A1234` or `1234`. Any whole number in the label counts, not only the
 *   id, so `id:2026` also matches the publication year 2026; unlike a bare `2026` it is not a year token and
 *   does not lift the current-year restriction.
 * - Every other token must appear somewhere in the label, case-insensitively.
 */
export function filterCourseOptions(
  options: readonly CourseOption[],
  search: string,
  { courseIds, currentAcademicYear }: CourseFilterOptions,
): CourseOption[] {
  const years: number[] = [];
  const numbers: string[] = [];
  const words: string[] = [];
  for (const token of search.split(/\s+/)) {
    if (token === '') continue;
    const number = NUMBER_TOKEN.exec(token)?.[1];
    if (YEAR_TOKEN.test(token)) years.push(Number(token));
    else if (number !== undefined) numbers.push(number);
    else words.push(token.toLowerCase());
  }
  const allowed = courseIds === undefined ? undefined : new Set(courseIds);

  return options.filter((option) => {
    if (allowed !== undefined && !allowed.has(option.course_id)) return false;
    if (years.length > 0) {
      if (!years.every((year) => option.year_published === year)) return false;
    } else if (option.year_published < currentAcademicYear) {
      return false;
    }
    const label = courseOptionLabel(option);
    const lower = label.toLowerCase();
    return numbers.every((digits) => containsWholeNumber(label, digits)) && words.every((word) => lower.includes(word));
  });
}

/**
 * The current academic year. The Australian school year is the calendar year, read in the local time zone.
 * Compute it once per page and pass it to `filterCourseOptions`, so every selector on the page agrees.
 */
export function currentAcademicYear(now: Date): number {
  return now.getFullYear();
}
