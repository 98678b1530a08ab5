import { questionTypeLabels } from '@banksia/contracts/exam-authoring';
import type { ExamQuestion, QuestionType } from '@banksia/contracts/exams';
import { Accordion, ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChevronDown, IconPlus, IconTrash } from '@tabler/icons-react';
import { move, type DraftSection } from '../hooks/exam-draft';
import { QuestionEditor } from './question-editor';

type Activities = { id: number; label: string }[];
type SectionChange = (change: (section: DraftSection) => DraftSection) => void;

/** Errors under `prefix.` with the prefix taken off. */
function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(`${prefix}.`)) result[key.slice(prefix.length + 1)] = message;
  }
  return result;
}

function summary(question: ExamQuestion): string {
  const text = (new DOMParser().parseFromString(question.prompt, 'text/html').body.textContent ?? '').trim();
  return text ? (text.length > 80 ? `${text.slice(0, 80)}…` : text) : 'No prompt yet';
}

/** One section of the exam editor: its title, moved or deleted, its questions, and adding a question of a type. */
export function SectionEditor({
  section,
  s,
  sectionCount,
  questionsBefore,
  errors,
  keyOf,
  locked,
  open,
  setOpen,
  activities,
  setSection,
  setSections,
  addQuestion,
}: {
  section: DraftSection;
  /** The section's index. */
  s: number;
  sectionCount: number;
  /** How many questions the sections before this one hold, so questions are numbered through the exam. */
  questionsBefore: number;
  errors: Record<string, string>;
  keyOf: (id: string) => string;
  locked: boolean;
  open: string | null;
  setOpen: (value: string | null) => void;
  activities: Activities;
  setSection: SectionChange;
  setSections: (change: (sections: DraftSection[]) => DraftSection[]) => void;
  addQuestion: (type: QuestionType) => void;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={`Section ${s + 1}`}>
      <Stack gap="sm">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Section ${s + 1} title`}
            value={section.title}
            error={errors[`sections.${s}.title`]}
            onChange={(e) => {
              const title = e.currentTarget.value;
              setSection((sec) => ({ ...sec, title }));
            }}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Move section ${s + 1} up`}
            disabled={s === 0}
            onClick={() => setSections((all) => move(all, s, s - 1))}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Move section ${s + 1} down`}
            disabled={s === sectionCount - 1}
            onClick={() => setSections((all) => move(all, s, s + 1))}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            color="red"
            size="lg"
            aria-label={`Delete section ${s + 1}`}
            disabled={locked && section.questions.length > 0}
            onClick={() => {
              if (
                section.questions.length === 0 ||
                window.confirm(`Delete section ${s + 1} and its ${section.questions.length} questions?`)
              ) {
                setSections((all) => all.filter((_, i) => i !== s));
              }
            }}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        {section.questions.length > 0 && (
          <Accordion variant="separated" value={open} onChange={setOpen}>
            {section.questions.map((question, q) => (
              <QuestionItem
                key={keyOf(question.id)}
                s={s}
                q={q}
                number={questionsBefore + q + 1}
                question={question}
                questionCount={section.questions.length}
                errors={errors}
                keyOf={keyOf}
                locked={locked}
                open={open}
                activities={activities}
                setSection={setSection}
              />
            ))}
          </Accordion>
        )}
        <Menu position="bottom-start">
          <Menu.Target>
            <Button
              variant="light"
              w="fit-content"
              leftSection={<IconPlus size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              disabled={locked}
            >
              Add a question to section {s + 1}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(Object.keys(questionTypeLabels) as QuestionType[]).map((type) => (
              <Menu.Item key={type} onClick={() => addQuestion(type)}>
                {questionTypeLabels[type]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Stack>
    </Paper>
  );
}

/** One question in the section's accordion: its summary line with move and delete, and its editor when open. */
function QuestionItem({
  s,
  q,
  number,
  question,
  questionCount,
  errors,
  keyOf,
  locked,
  open,
  activities,
  setSection,
}: {
  s: number;
  q: number;
  number: number;
  question: ExamQuestion;
  questionCount: number;
  errors: Record<string, string>;
  keyOf: (id: string) => string;
  locked: boolean;
  open: string | null;
  activities: Activities;
  setSection: SectionChange;
}) {
  const at = `sections.${s}.questions.${q}`;
  const questionErrors = errorsUnder(errors, at);
  const hasErrors = Object.keys(questionErrors).length > 0 || !!errors[at];
  return (
    <Accordion.Item value={keyOf(question.id)}>
      <Group wrap="nowrap" gap={4} pr="xs">
        <Accordion.Control style={{ flex: 1 }}>
          <Group gap="sm" wrap="nowrap">
            <Text fw={600}>Question {number}</Text>
            <Badge variant="light" color="gray">
              {questionTypeLabels[question.type]}
            </Badge>
            <Text size="sm" c="dimmed">
              {question.marks} {question.marks === 1 ? 'mark' : 'marks'}
            </Text>
            {hasErrors && (
              <Badge color="red" variant="light">
                Needs attention
              </Badge>
            )}
            <Text size="sm" truncate>
              {summary(question)}
            </Text>
          </Group>
        </Accordion.Control>
        <ActionIcon
          variant="subtle"
          aria-label={`Move question ${number} up`}
          disabled={q === 0}
          onClick={() => setSection((sec) => ({ ...sec, questions: move(sec.questions, q, q - 1) }))}
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={`Move question ${number} down`}
          disabled={q === questionCount - 1}
          onClick={() => setSection((sec) => ({ ...sec, questions: move(sec.questions, q, q + 1) }))}
        >
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete question ${number}`}
          disabled={locked}
          onClick={() => setSection((sec) => ({ ...sec, questions: sec.questions.filter((_, i) => i !== q) }))}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Accordion.Panel>
        {errors[at] && (
          <Text size="sm" c="var(--mantine-color-error)" mb="sm">
            {errors[at]}
          </Text>
        )}
        {open === keyOf(question.id) && (
          <QuestionEditor
            question={question}
            label={`Question ${number}`}
            errors={questionErrors}
            activities={activities}
            structureLocked={locked}
            onChange={(next) =>
              setSection((sec) => ({
                ...sec,
                questions: sec.questions.map((x, i) => (i === q ? next : x)),
              }))
            }
          />
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}
