import { localDate } from '@banksia/contracts/rules/class-expiry';
import { Alert } from '@mantine/core';
import { CourseSelector } from '../../../components/course-selector';
import { SchoolSelector } from '../../../components/school-selector';
import { browserTimeZone } from '../../../lib/time-zones';
import { useCourseOptions } from '../../courses/index';
import type { FieldErrors } from '../../../components/field-errors';

/** Trials last this long unless staff choose otherwise. */
export const DEFAULT_TRIAL_DAYS = 30;

/**
 * The default expiry for a trial set up at `now`: DEFAULT_TRIAL_DAYS later, as YYYY-MM-DD in `timeZone` (where staff
 * are: a suggestion they may change; the server checks it against the school's own day).
 */
export function defaultTrialExpiry(now: Date, timeZone: string = browserTimeZone()): string {
  return localDate(new Date(now.getTime() + DEFAULT_TRIAL_DAYS * 86_400_000), timeZone);
}

/** The school and course of a trial, with the server's messages under each. */
export function SchoolAndCourseFields({
  schoolId,
  courseId,
  onSchool,
  onCourse,
  errors,
}: {
  schoolId: number | null;
  courseId: number | null;
  onSchool: (id: number | null) => void;
  onCourse: (id: number | null) => void;
  errors: FieldErrors;
}) {
  const courses = useCourseOptions();
  return (
    <>
      <SchoolSelector
        label="School"
        required
        value={schoolId}
        onChange={(id) => onSchool(id)}
        error={errors.school_id}
      />
      {courses.isError ? (
        <Alert color="red">The courses could not be loaded.</Alert>
      ) : (
        <CourseSelector
          label="Course"
          required
          options={courses.data ?? []}
          value={courseId}
          onChange={(id) => onCourse(id)}
          error={errors.course_id}
        />
      )}
    </>
  );
}
