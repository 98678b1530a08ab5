import { Group, Select, Text } from '@mantine/core';
import { useAuthoringOptions } from '../../exams/authoring/index';

/** Where an activity is placed: a course, and optionally one of its lessons (students open it from that lesson). */
export interface ActivityPlacementValue {
  course_id: number | null;
  lesson_id: number | null;
}

/**
 * The activity's course and lesson. Choosing another course clears the lesson (a lesson must be of the course);
 * clearing the course clears both. The choices come from the exam authoring options (every course with its lessons).
 */
export function ActivityPlacement({
  value,
  onChange,
  errors = {},
}: {
  value: ActivityPlacementValue;
  onChange: (value: ActivityPlacementValue) => void;
  errors?: Partial<Record<'course_id' | 'lesson_id', string>>;
}) {
  const options = useAuthoringOptions();
  const courses = options.data?.courses ?? [];
  const course = courses.find((c) => c.id === value.course_id) ?? null;
  return (
    <div>
      <Group align="flex-start" grow maw={900}>
        <Select
          label="Course"
          description="Students of classes on this course can open it."
          placeholder={options.isPending ? 'Loading courses…' : 'Not in a course'}
          searchable
          clearable
          data={courses.map((c) => ({ value: String(c.id), label: c.label }))}
          value={value.course_id === null ? null : String(value.course_id)}
          onChange={(id) => onChange({ course_id: id ? Number(id) : null, lesson_id: null })}
          error={errors.course_id}
          nothingFoundMessage="No course by that name"
        />
        <Select
          label="Lesson"
          description="Listed with the lesson's videos for students."
          placeholder={course ? 'Not in a lesson' : 'Choose a course first'}
          disabled={!course}
          searchable
          clearable
          data={(course?.lessons ?? []).map((l) => ({ value: String(l.id), label: l.label }))}
          value={value.lesson_id === null ? null : String(value.lesson_id)}
          onChange={(id) => onChange({ ...value, lesson_id: id ? Number(id) : null })}
          error={errors.lesson_id}
          nothingFoundMessage="No lesson by that name"
        />
      </Group>
      {options.isError && (
        <Text size="sm" c="red" mt={4}>
          The courses could not be loaded: reload the page to place this activity.
        </Text>
      )}
    </div>
  );
}
