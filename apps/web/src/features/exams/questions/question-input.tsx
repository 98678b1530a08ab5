import type { ExamQuestionView } from '@banksia/contracts/exam-api';
import { MAX_TYPED_ANSWER_LENGTH, type ExamAnswer, type ReflectionAnswer } from '@banksia/contracts/exams';
import { Checkbox, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { ActivityQuestionInput } from './activity-question';
import { CONFIDENCE_LABELS, htmlOf, isReflection, latexOf, optionIdsOf, textOf, valueOf } from './answer-shape';
import { MathsField } from './maths-field';
import { RichHtml } from './rich-html';
import classes from './questions.module.css';

export interface QuestionInputProps {
  question: ExamQuestionView;
  /** The answer so far; null before the first. */
  answer: ExamAnswer | null;
  /** Called with the whole new answer, in the shape the question's type expects (contracts' answerSchemaByType). */
  onChange(answer: ExamAnswer): void;
  /** Shows the answer without letting it change (time up, submitted, locked). */
  disabled?: boolean;
  /** A reflective question set: every answer is {confidence, revisit}, whatever the question's type. */
  reflective?: boolean;
  /** The input's visible name; "Your answer" unless given. */
  label?: string;
}

/** The answer box of one exam question, by type (or the reflection of a reflective question set). */
export function QuestionInput({
  question,
  answer,
  onChange,
  disabled,
  reflective,
  label = 'Your answer',
}: QuestionInputProps) {
  if (reflective) return <ReflectionInput answer={answer} onChange={onChange} disabled={disabled} />;
  switch (question.type) {
    case 'multiple_choice':
      return question.multiple ? (
        <Checkbox.Group
          label={label}
          description="Choose every answer that applies."
          value={optionIdsOf(answer)}
          onChange={(ids) => onChange({ option_ids: orderLike(question, ids) })}
          disabled={disabled}
        >
          <Stack gap="xs" mt="xs">
            {(question.options ?? []).map((option) => (
              <Checkbox
                key={option.id}
                value={option.id}
                label={<RichHtml html={option.text} className={classes.optionText} />}
                classNames={{ body: classes.optionBody }}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Radio.Group
          label={label}
          description="Choose one answer."
          value={optionIdsOf(answer)[0] ?? null}
          onChange={(id) => onChange({ option_ids: [id] })}
          disabled={disabled}
        >
          <Stack gap="xs" mt="xs">
            {(question.options ?? []).map((option) => (
              <Radio
                key={option.id}
                value={option.id}
                label={<RichHtml html={option.text} className={classes.optionText} />}
                classNames={{ body: classes.optionBody }}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'short_text':
      return (
        <TextInput
          label={label}
          value={textOf(answer)}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
          disabled={disabled}
          maxLength={MAX_TYPED_ANSWER_LENGTH}
          autoComplete="off"
          maw={520}
        />
      );
    case 'numeric':
      return (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={label}
            description={
              question.unit_required && question.unit
                ? `Write the unit with your answer, e.g. 12 ${question.unit}.`
                : undefined
            }
            value={valueOf(answer)}
            onChange={(event) => onChange({ value: event.currentTarget.value })}
            disabled={disabled}
            maxLength={MAX_TYPED_ANSWER_LENGTH}
            autoComplete="off"
            // A unit may be typed with the number, so a digits-only keyboard would not do when one is required.
            inputMode={question.unit_required ? 'text' : 'decimal'}
            w={240}
          />
          {question.unit && (
            <Text fw={500} pb={6} aria-hidden={question.unit_required ? undefined : true}>
              {question.unit}
            </Text>
          )}
        </Group>
      );
    case 'maths_expression':
      return (
        <MathsField
          label={label}
          description={
            question.variables && question.variables.length > 0
              ? `Use ${listWords(question.variables)} in your answer.`
              : undefined
          }
          value={latexOf(answer)}
          onChange={(latex) => onChange({ latex })}
          disabled={disabled}
        />
      );
    case 'extended_response':
      return (
        <RichTextEditor
          label={label}
          value={htmlOf(answer)}
          onChange={(html) => onChange({ html })}
          readOnly={disabled}
          minHeight={160}
        />
      );
    case 'activity':
      return <ActivityQuestionInput question={question} answer={answer} onChange={onChange} disabled={disabled} />;
  }
}

/** Option ids in the question's order, whatever order they were ticked in, so equal answers compare equal. */
function orderLike(question: ExamQuestionView, ids: string[]): string[] {
  const order = (question.options ?? []).map((option) => option.id);
  return [...ids].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

function listWords(words: readonly string[]): string {
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
}

const CONFIDENCE_LEVELS = [1, 2, 3, 4, 5] as const;

/**
 * A reflection: how confident the student feels (1 to 5) and what they want to revisit. The answer needs a
 * confidence, so what to revisit typed before choosing one is kept here until one is chosen.
 */
function ReflectionInput({
  answer,
  onChange,
  disabled,
}: {
  answer: ExamAnswer | null;
  onChange: (answer: ReflectionAnswer) => void;
  disabled?: boolean;
}) {
  const given = isReflection(answer) ? answer : null;
  const [pendingRevisit, setPendingRevisit] = useState('');
  const revisit = given?.revisit ?? pendingRevisit;
  return (
    <Stack gap="sm">
      <Radio.Group
        label="How confident do you feel?"
        value={given ? String(given.confidence) : null}
        onChange={(value) => onChange({ confidence: Number(value) as ReflectionAnswer['confidence'], revisit })}
        disabled={disabled}
      >
        <div className={classes.confidence}>
          {CONFIDENCE_LEVELS.map((level) => (
            <Radio.Card
              key={level}
              value={String(level)}
              disabled={disabled}
              className={classes.confidenceCard}
              radius="md"
            >
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Radio.Indicator disabled={disabled} />
                <div>
                  <Text fw={700} size="lg" lh={1}>
                    {level}
                  </Text>
                  <Text size="sm">{CONFIDENCE_LABELS[level]}</Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </div>
      </Radio.Group>
      <Textarea
        label="What do you want to revisit?"
        value={revisit}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (given) onChange({ confidence: given.confidence, revisit: next });
          else setPendingRevisit(next);
        }}
        disabled={disabled}
        maxLength={MAX_TYPED_ANSWER_LENGTH}
        autosize
        minRows={2}
        maw={640}
      />
      {!given && pendingRevisit !== '' && (
        <Text size="sm" c="orange.9">
          Choose how confident you feel so this can be saved.
        </Text>
      )}
    </Stack>
  );
}
