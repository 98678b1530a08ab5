import type { CourseDetails } from '@banksia/contracts/authoring-courses';
import { Checkbox, Group, NumberInput, TextInput } from '@mantine/core';
import type { FieldErrors } from '../../../../components/field-errors';

/** The details form's fields: title, slug, subject, year, year level, curriculum and the two flags. */
export function CourseDetailsFields({
  values,
  errors,
  set,
}: {
  values: CourseDetails;
  errors: FieldErrors;
  set: <K extends keyof CourseDetails>(key: K, value: CourseDetails[K]) => void;
}) {
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label="Title"
          required
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title || undefined}
        />
        <TextInput
          label="Slug"
          required
          value={values.slug}
          onChange={(e) => set('slug', e.currentTarget.value)}
          error={errors.slug || undefined}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label="Subject"
          required
          value={values.subject}
          onChange={(e) => set('subject', e.currentTarget.value)}
          error={errors.subject || undefined}
        />
        <NumberInput
          label="Year published"
          required
          allowDecimal={false}
          value={values.year_published}
          onChange={(v) => set('year_published', typeof v === 'number' ? v : Number(v) || 0)}
          error={errors.year_published || undefined}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label="Default year level"
          value={values.default_year_level ?? ''}
          onChange={(e) => set('default_year_level', e.currentTarget.value || null)}
        />
        <TextInput
          label="Curriculum"
          value={values.curriculum ?? ''}
          onChange={(e) => set('curriculum', e.currentTarget.value || null)}
        />
      </Group>
      <Group>
        <Checkbox
          label="Has a printed textbook"
          checked={values.has_textbook}
          onChange={(e) => set('has_textbook', e.currentTarget.checked)}
        />
        <Checkbox
          label="Show student notes"
          checked={values.show_student_notes}
          onChange={(e) => set('show_student_notes', e.currentTarget.checked)}
        />
      </Group>
    </>
  );
}
