import {
  classEditBody,
  classFeatureLabels,
  classFeatures,
  classTypeLabels,
  classTypes,
  type ClassEditBody,
  type ClassFeatures,
  type ClassManagementSchool,
  type ClassType,
  type ManagedClass,
} from '@banksia/contracts/classes';
import type { CourseOption } from '@banksia/contracts/rules/course-selector';
import { Button, Group, MultiSelect, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CourseSelector } from '../../../components/course-selector';
import { DateField } from '../../../components/date-input';
import { fieldErrorsOf, validate, type FieldErrors } from '../../../components/field-errors';
import { FormFailureAlert } from '../../../components/form-failure-alert';
import { useSaveClass } from '../api/save-class';

export interface ClassEditorFormProps {
  school: ClassManagementSchool;
  courseOptions: readonly CourseOption[];
  /** The class being edited; null to create one. */
  initial: ManagedClass | null;
  /** The year a new class starts in. */
  defaultYear: number;
  onSaved: (saved: ManagedClass) => void;
  onCancel: () => void;
}

interface Values {
  title: string;
  course_id: number | null;
  class_type: ClassType;
  features: ClassFeatures;
  calendar_year: number | string;
  expiration_date: string | null;
  teacher_profile_ids: string[];
}

function initialValues(school: ClassManagementSchool, initial: ManagedClass | null, year: number): Values {
  if (initial) {
    return {
      title: initial.title,
      course_id: initial.course_id,
      class_type: initial.class_type,
      features: initial.features,
      calendar_year: initial.calendar_year,
      expiration_date: initial.expiration_date,
      teacher_profile_ids: initial.teacher_profile_ids.map(String),
    };
  }
  return {
    title: '',
    course_id: null,
    class_type: 'N',
    features: 'STANDARD',
    calendar_year: year,
    expiration_date: null,
    // Whoever creates a class teaches it, unless they change that.
    teacher_profile_ids: [String(school.my_profile_id)],
  };
}

/** Create or edit a class: title, course, type, features, year, expiry and teachers. */
export function ClassEditorForm({
  school,
  courseOptions,
  initial,
  defaultYear,
  onSaved,
  onCancel,
}: ClassEditorFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(school, initial, defaultYear));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const save = useSaveClass(
    initial ? { schoolId: school.id, classId: initial.id } : { schoolId: school.id, classId: null },
  );
  const errors: FieldErrors = { ...fieldErrorsOf(save.error), ...clientErrors };
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setClientErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...values,
      course_id: values.course_id ?? 0,
      calendar_year: typeof values.calendar_year === 'number' ? values.calendar_year : Number.NaN,
      teacher_profile_ids: values.teacher_profile_ids.map(Number),
    };
    const checked = validate<ClassEditBody>(classEditBody, body);
    if (!checked.ok) {
      setClientErrors(checked.errors);
      return;
    }
    setClientErrors({});
    save.mutate(checked.data, { onSuccess: (saved) => onSaved(saved) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={initial ? `Edit ${initial.title}` : 'New class'}>
      <Stack gap="md">
        <FormFailureAlert error={save.error} fieldErrors={errors} title="The class was not saved" />
        <TextInput
          label="Title"
          description="As students and teachers will see it, e.g. 9MAT1."
          required
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          maxLength={100}
        />
        <CourseSelector
          label="Course"
          required
          options={courseOptions}
          value={values.course_id}
          onChange={(id) => set('course_id', id)}
          error={errors.course_id}
        />
        <Group grow align="flex-start">
          <Select
            label="Class type"
            required
            allowDeselect={false}
            data={classTypes.map((t) => ({ value: t, label: `${classTypeLabels[t]} (${t})` }))}
            value={values.class_type}
            onChange={(v) => v && set('class_type', v as ClassType)}
            error={errors.class_type}
          />
          <Select
            label="Features"
            required
            allowDeselect={false}
            data={classFeatures.map((f) => ({ value: f, label: classFeatureLabels[f] }))}
            value={values.features}
            onChange={(v) => v && set('features', v as ClassFeatures)}
            error={errors.features}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label="Calendar year"
            required
            min={2000}
            max={2100}
            allowDecimal={false}
            allowNegative={false}
            value={values.calendar_year}
            onChange={(v) => set('calendar_year', v)}
            error={errors.calendar_year}
          />
          <DateField
            label="Expiration date"
            description="Optional. Shown as dd/mm/yyyy."
            clearable
            value={values.expiration_date}
            onChange={(v) => set('expiration_date', v)}
            error={errors.expiration_date}
          />
        </Group>
        <MultiSelect
          label="Teachers"
          description={`Teachers of ${school.name}; at least one.`}
          required
          searchable
          data={school.teachers.map((t) => ({ value: String(t.profile_id), label: t.name }))}
          value={values.teacher_profile_ids}
          onChange={(v) => set('teacher_profile_ids', v)}
          error={errors.teacher_profile_ids}
          nothingFoundMessage="No teachers match"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {initial ? 'Save changes' : 'Create class'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
