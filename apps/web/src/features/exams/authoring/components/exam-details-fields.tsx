import {
  examKindLabels,
  examKinds,
  type AuthoringOptions,
  type ExamKind,
  type ExamPlacement,
} from '@banksia/contracts/exam-authoring';
import { NumberInput, Radio, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';

export interface DetailsValue {
  title: string;
  kind: ExamKind;
  placement: ExamPlacement | null;
  is_submittable: boolean;
  time_limit_minutes: number | null;
  additional_materials: string;
  hide_solutions_until_release: boolean;
}

export interface ExamDetailsFieldsProps {
  value: DetailsValue;
  onChange: (value: DetailsValue) => void;
  errors: Record<string, string>;
  /** The course's topics and lessons (and the course selector, when `onCourseChange` is given). */
  course: AuthoringOptions['courses'][number] | null;
  courses?: AuthoringOptions['courses'];
  onCourseChange?: (courseId: number | null) => void;
  examId?: number;
  /** Students have sat it: its kind decides how answers are marked, so it cannot change. */
  structureLocked?: boolean;
}

const kindHelp: Record<ExamKind, string> = {
  exam: 'A timed or untimed paper, sat in one go and marked; placed under a topic.',
  question_set: 'Practice questions, one a page, marked as the student submits; under a topic or a lesson.',
  reflective_question_set: 'Questions students rate their confidence on; never scored.',
};

/** The exam's details: title, course and place, kind, and how it is sat (create/1/ and edit/{id}/). */
export function ExamDetailsFields({
  value,
  onChange,
  errors,
  course,
  courses,
  onCourseChange,
  examId,
  structureLocked = false,
}: ExamDetailsFieldsProps) {
  const set = (patch: Partial<DetailsValue>) => onChange({ ...value, ...patch });
  // The place chosen, kept apart from the placement: a topic or lesson not yet picked leaves the placement empty,
  // and the choice must still show the Topic or Lesson field to pick it in.
  const [chosenKind, setChosenKind] = useState<ExamPlacement['kind']>(value.placement?.kind ?? 'topic');
  const placementKind = value.placement?.kind ?? chosenKind;
  const lessonAllowed = value.kind !== 'exam';
  return (
    <Stack gap="md">
      <TextInput
        label="Title"
        required
        value={value.title}
        error={errors.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
        maxLength={200}
      />
      {courses && onCourseChange && (
        <Select
          label="Course"
          required
          searchable
          data={courses.map((c) => ({ value: String(c.id), label: c.label }))}
          value={course ? String(course.id) : null}
          error={errors.course_id}
          onChange={(id) => onCourseChange(id ? Number(id) : null)}
          nothingFoundMessage="No course by that name"
        />
      )}
      <Radio.Group
        label="Kind"
        value={value.kind}
        error={errors.kind}
        onChange={(kind) => {
          const next = kind as ExamKind;
          // An exam cannot be a lesson's question set.
          if (next === 'exam' && placementKind === 'lesson') setChosenKind('topic');
          set({ kind: next, ...(next === 'exam' && value.placement?.kind === 'lesson' ? { placement: null } : {}) });
        }}
      >
        <Stack gap="xs" mt={4}>
          {examKinds.map((kind) => (
            <Radio
              key={kind}
              value={kind}
              label={examKindLabels[kind]}
              description={kindHelp[kind]}
              disabled={structureLocked && kind !== value.kind}
            />
          ))}
        </Stack>
      </Radio.Group>
      {course && (
        <Stack gap={6}>
          <Text fw={500} size="sm" id="placement-label">
            Where it goes in the course
          </Text>
          <SegmentedControl
            aria-labelledby="placement-label"
            w="fit-content"
            value={placementKind}
            data={[
              { value: 'course', label: 'At the top level' },
              { value: 'topic', label: 'Under a topic' },
              { value: 'lesson', label: "As a lesson's question set", disabled: !lessonAllowed },
            ]}
            onChange={(kind) => {
              setChosenKind(kind as ExamPlacement['kind']);
              set({
                placement: kind === placementKind ? value.placement : kind === 'course' ? { kind: 'course' } : null,
              });
            }}
          />
          {placementKind === 'course' ? (
            <Text size="sm" c="dimmed">
              Listed beside the course&apos;s topics, e.g. for a yearly examination.
            </Text>
          ) : placementKind === 'topic' ? (
            <Select
              label="Topic"
              searchable
              required
              data={course.topics.map((t) => ({ value: String(t.id), label: t.label }))}
              value={value.placement?.kind === 'topic' ? String(value.placement.section_id) : null}
              error={errors['placement.section_id'] ?? errors.placement}
              onChange={(id) => set({ placement: id ? { kind: 'topic', section_id: Number(id) } : null })}
              nothingFoundMessage="No topic by that name"
            />
          ) : (
            <Select
              label="Lesson"
              searchable
              required
              description="A lesson has at most one question set."
              data={course.lessons.map((l) => ({
                value: String(l.id),
                label: l.question_set_id && l.question_set_id !== examId ? `${l.label} (has one)` : l.label,
                disabled: l.question_set_id !== null && l.question_set_id !== examId,
              }))}
              value={value.placement?.kind === 'lesson' ? String(value.placement.lesson_id) : null}
              error={errors['placement.lesson_id'] ?? errors.placement}
              onChange={(id) => set({ placement: id ? { kind: 'lesson', lesson_id: Number(id) } : null })}
              nothingFoundMessage="No lesson by that name"
            />
          )}
        </Stack>
      )}
      <Switch
        label="Students sit it online"
        description="Off: it is listed for printing only, and students cannot start it."
        checked={value.is_submittable}
        onChange={(e) => set({ is_submittable: e.currentTarget.checked })}
      />
      <NumberInput
        label="Time limit (minutes)"
        description="Leave empty for no limit. Students with extra time get it on top."
        min={1}
        max={1440}
        allowDecimal={false}
        value={value.time_limit_minutes ?? ''}
        error={errors.time_limit_minutes}
        onChange={(v) => set({ time_limit_minutes: typeof v === 'number' ? v : v === '' ? null : Number(v) || null })}
        maw={240}
      />
      <Textarea
        label="Additional materials"
        description='What students need besides the paper, e.g. "A scientific calculator and a ruler".'
        autosize
        minRows={2}
        value={value.additional_materials}
        error={errors.additional_materials}
        onChange={(e) => set({ additional_materials: e.currentTarget.value })}
        maxLength={2000}
      />
      <Switch
        label="Hide worked solutions until a teacher releases results"
        checked={value.hide_solutions_until_release}
        onChange={(e) => set({ hide_solutions_until_release: e.currentTarget.checked })}
      />
    </Stack>
  );
}
