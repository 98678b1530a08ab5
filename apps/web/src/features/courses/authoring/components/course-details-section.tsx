import { courseDetailsSchema, type AdminCourseDetail, type CourseDetails } from '@banksia/contracts/authoring-courses';
import { classFeatures } from '@banksia/contracts/rules/class-kinds';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { validate, type FieldErrors } from '../../../../components/field-errors';
import { UnsavedGuard } from '../../../../components/unsaved-guard';
import { updateCourse } from '../api/update-course';
import type { Send } from '../hooks/use-course-send';
import { CourseDetailsFields } from './course-details-fields';
import { detailsOf, normalise } from './course-details';
import { FeatureSetTable } from './feature-set-table';

/** The course's details and which class plans include each course feature, saved together. */
export function CourseDetailsSection({ detail, send }: { detail: AdminCourseDetail; send: Send }) {
  const { course } = detail;
  const saved = detailsOf(course);
  const [values, setValues] = useState<CourseDetails>(saved);
  const [features, setFeatures] = useState<Record<string, string[]>>(course.feature_sets);
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty =
    JSON.stringify(values) !== JSON.stringify(saved) ||
    JSON.stringify(normalise(features)) !== JSON.stringify(normalise(course.feature_sets));

  const set = <K extends keyof CourseDetails>(key: K, value: CourseDetails[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const toggle = (feature: string, set: string, on: boolean) =>
    setFeatures((f) => {
      const current = new Set(f[feature] ?? []);
      if (on) current.add(set);
      else current.delete(set);
      return { ...f, [feature]: classFeatures.filter((s) => current.has(s)) };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(courseDetailsSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    send((version) => updateCourse(detail.course.id, { ...checked.data, feature_sets: normalise(features), version }));
  };

  return (
    <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate aria-labelledby="details-title">
      <UnsavedGuard unsaved={dirty}>
        Your changes to the course&apos;s details are not saved. If you leave now, they are lost.
      </UnsavedGuard>
      <Title order={2} size="h3" id="details-title" mb="sm">
        Details and class features
      </Title>
      <Stack>
        <CourseDetailsFields values={values} errors={errors} set={set} />
        <FeatureSetTable features={features} onToggle={toggle} />
        <Group>
          <Button type="submit" disabled={!dirty}>
            Save details
          </Button>
          {dirty && (
            <Button
              variant="subtle"
              onClick={() => {
                setValues(saved);
                setFeatures(course.feature_sets);
                setErrors({});
              }}
            >
              Discard changes
            </Button>
          )}
          {dirty && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
