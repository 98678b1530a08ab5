import { questionTypeLabels, questionTypes } from '@banksia/contracts/exam-authoring';
import type { ExamQuestion, QuestionType } from '@banksia/contracts/exams';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { RichTextEditor } from '../../../../components/rich-text-editor';
import { newId, questionOfType } from '../hooks/exam-draft';

export interface QuestionEditorProps {
  question: ExamQuestion;
  onChange: (question: ExamQuestion) => void;
  /** Field errors of this question, keyed by its own field names (`accepted_answers`, `options.0.text`). */
  errors: Record<string, string>;
  /** Label prefix, e.g. "Question 2", so every field's name is unique on the page. */
  label: string;
  activities: { id: number; label: string }[];
  /** Students have sat the exam: fields that decide marks are shown but cannot change. */
  structureLocked: boolean;
}

const numberOrZero = (value: string | number) => (typeof value === 'number' ? value : Number(value) || 0);

/** The fields of one question: type, marks, prompt and worked solution, then those of its type. */
export function QuestionEditor({
  question,
  onChange,
  errors,
  label,
  activities,
  structureLocked,
}: QuestionEditorProps) {
  const set = (patch: Partial<ExamQuestion>) => onChange({ ...question, ...patch } as ExamQuestion);
  const locked = structureLocked;
  return (
    <Stack gap="md">
      <Group align="flex-start" grow>
        <Select
          label={`${label}: type`}
          data={questionTypes.map((type) => ({ value: type, label: questionTypeLabels[type] }))}
          value={question.type}
          allowDeselect={false}
          disabled={locked}
          error={errors.type}
          onChange={(value) =>
            value &&
            value !== question.type &&
            onChange(
              questionOfType(value as QuestionType, {
                id: question.id,
                marks: question.marks,
                prompt: question.prompt,
                worked_solution: question.worked_solution,
              }),
            )
          }
        />
        <NumberInput
          label={`${label}: marks`}
          min={0.5}
          step={1}
          decimalScale={2}
          value={question.marks}
          disabled={locked}
          error={errors.marks}
          onChange={(value) => set({ marks: numberOrZero(value) })}
        />
      </Group>
      <RichTextEditor
        label={`${label}: prompt`}
        description="What the student reads."
        value={question.prompt}
        minHeight={80}
        onChange={(prompt) => set({ prompt })}
      />
      {errors.prompt && <FieldError message={errors.prompt} />}
      <TypeFields {...{ question, onChange, errors, label, activities, structureLocked }} />
      <RichTextEditor
        label={`${label}: worked solution`}
        description="Shown to students once they have submitted (or once results are released)."
        value={question.worked_solution}
        minHeight={80}
        onChange={(worked_solution) => set({ worked_solution })}
      />
    </Stack>
  );
}

function FieldError({ message }: { message: string }) {
  return (
    <Text size="sm" c="var(--mantine-color-error)">
      {message}
    </Text>
  );
}

function TypeFields({ question, onChange, errors, label, activities, structureLocked: locked }: QuestionEditorProps) {
  switch (question.type) {
    case 'multiple_choice': {
      const q = question;
      const setOptions = (options: typeof q.options, correct = q.correct_option_ids) =>
        onChange({ ...q, options, correct_option_ids: correct.filter((id) => options.some((o) => o.id === id)) });
      const toggleCorrect = (id: string, on: boolean) =>
        onChange({
          ...q,
          correct_option_ids: q.multiple
            ? on
              ? [...q.correct_option_ids, id]
              : q.correct_option_ids.filter((c) => c !== id)
            : [id],
        });
      return (
        <Stack gap="xs">
          <Switch
            label="Students may choose more than one option"
            checked={q.multiple}
            disabled={locked}
            onChange={(e) =>
              onChange({
                ...q,
                multiple: e.currentTarget.checked,
                correct_option_ids: q.correct_option_ids.slice(0, e.currentTarget.checked ? undefined : 1),
              })
            }
          />
          {q.multiple && (
            <Switch
              label="Part marks: right picks minus wrong picks, instead of all or nothing"
              checked={q.partial ?? false}
              disabled={locked}
              onChange={(e) => onChange({ ...q, partial: e.currentTarget.checked })}
            />
          )}
          <Text fw={500} size="sm">
            Options (tick the right {q.multiple ? 'ones' : 'one'})
          </Text>
          {errors.options && <FieldError message={errors.options} />}
          {errors.correct_option_ids && <FieldError message={errors.correct_option_ids} />}
          <Radio.Group
            value={q.multiple ? null : (q.correct_option_ids[0] ?? null)}
            onChange={(id) => toggleCorrect(id, true)}
            aria-label={`${label}: right option`}
          >
            <Stack gap="xs">
              {q.options.map((option, i) => (
                <Group key={option.id} align="flex-start" wrap="nowrap">
                  {q.multiple ? (
                    <Checkbox
                      mt={8}
                      aria-label={`Option ${i + 1} is right`}
                      checked={q.correct_option_ids.includes(option.id)}
                      disabled={locked}
                      onChange={(e) => toggleCorrect(option.id, e.currentTarget.checked)}
                    />
                  ) : (
                    <Radio mt={8} value={option.id} aria-label={`Option ${i + 1} is right`} disabled={locked} />
                  )}
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label={`${label}: option ${i + 1}`}
                    placeholder={`Option ${i + 1}`}
                    value={option.text}
                    error={errors[`options.${i}.text`]}
                    onChange={(e) =>
                      setOptions(q.options.map((o) => (o.id === option.id ? { ...o, text: e.currentTarget.value } : o)))
                    }
                  />
                  <ActionIcon
                    mt={4}
                    variant="subtle"
                    color="red"
                    aria-label={`Remove option ${i + 1}`}
                    disabled={locked || q.options.length <= 2}
                    onClick={() => setOptions(q.options.filter((o) => o.id !== option.id))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </Radio.Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={locked}
            onClick={() => setOptions([...q.options, { id: newId('opt'), text: '' }])}
            w="fit-content"
          >
            Add option
          </Button>
        </Stack>
      );
    }
    case 'short_text':
      return (
        <Stack gap="xs">
          <TagsInput
            label={`${label}: accepted answers`}
            description="Type an answer and press Enter; any of them is marked right."
            value={question.accepted_answers}
            disabled={locked}
            error={errors.accepted_answers}
            onChange={(accepted_answers) => onChange({ ...question, accepted_answers })}
          />
          <Switch
            label="Capital letters must match"
            checked={question.case_sensitive ?? false}
            disabled={locked}
            onChange={(e) => onChange({ ...question, case_sensitive: e.currentTarget.checked })}
          />
        </Stack>
      );
    case 'numeric':
      return (
        <Stack gap="xs">
          <Group grow align="flex-start">
            <NumberInput
              label={`${label}: answer`}
              value={question.answer}
              disabled={locked}
              error={errors.answer}
              onChange={(value) => onChange({ ...question, answer: numberOrZero(value) })}
            />
            <NumberInput
              label={`${label}: tolerance (±)`}
              min={0}
              value={question.tolerance}
              disabled={locked}
              error={errors.tolerance}
              onChange={(value) => onChange({ ...question, tolerance: numberOrZero(value) })}
            />
            <TextInput
              label={`${label}: unit`}
              description="Shown beside the answer box"
              value={question.unit ?? ''}
              disabled={locked}
              error={errors.unit}
              onChange={(e) => {
                const unit = e.currentTarget.value;
                const { unit: _unit, ...rest } = question;
                onChange(unit ? { ...rest, unit } : rest);
              }}
            />
          </Group>
          <TagsInput
            label={`${label}: other spellings of the unit`}
            value={question.accepted_units ?? []}
            disabled={locked}
            error={errors.accepted_units}
            onChange={(accepted_units) => onChange({ ...question, accepted_units })}
          />
          <Switch
            label="An answer without the unit is wrong"
            checked={question.unit_required ?? false}
            disabled={locked}
            onChange={(e) => onChange({ ...question, unit_required: e.currentTarget.checked })}
          />
        </Stack>
      );
    case 'maths_expression':
      return (
        <Stack gap="xs">
          <TagsInput
            label={`${label}: accepted answers`}
            description='Maths such as "2(x+1)" or LaTeX; any answer equal to one of these is right.'
            value={question.accepted_answers}
            disabled={locked}
            error={errors.accepted_answers}
            onChange={(accepted_answers) => onChange({ ...question, accepted_answers })}
          />
          <TagsInput
            label={`${label}: letters the answer may use`}
            description="Leave empty to allow any."
            value={question.variables ?? []}
            disabled={locked}
            error={errors.variables}
            onChange={(variables) => onChange({ ...question, variables })}
          />
        </Stack>
      );
    case 'extended_response':
      return (
        <RichTextEditor
          label={`${label}: marking guide`}
          description="What earns the marks: teachers see it while marking."
          value={question.marking_guide ?? ''}
          minHeight={80}
          onChange={(marking_guide) => onChange({ ...question, marking_guide })}
        />
      );
    case 'activity':
      return (
        <Select
          label={`${label}: activity`}
          description="An activity of this course; a teacher marks the student's response."
          data={activities.map((a) => ({ value: String(a.id), label: a.label }))}
          value={question.activity_id ? String(question.activity_id) : null}
          searchable
          disabled={locked}
          error={errors.activity_id}
          nothingFoundMessage="This course has no activity by that name"
          onChange={(value) => onChange({ ...question, activity_id: value ? Number(value) : 0 })}
        />
      );
  }
}
