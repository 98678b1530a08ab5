import type { ExamSummary } from '@banksia/contracts/courses';
import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecklist, IconMessageQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import { plural } from '../utils/format';
import classes from './lesson-list.module.css';

const kindLabels: Record<ExamSummary['kind'], string> = {
  exam: 'Exam',
  question_set: 'Question set',
  reflective_question_set: 'Reflection',
};

/** Where an exam opens for a class: question sets in the class, exams on their own page. */
export function examHref(exam: ExamSummary, classId: number): string {
  return exam.kind === 'exam'
    ? urlFor('exam', { examId: exam.id })
    : urlFor('class-question-set', { classId, examId: exam.id });
}

/** A topic's exams and question sets, with their size and total marks; `action` adds a control to each (a lock). */
export function ExamList({
  exams,
  classId,
  action,
}: {
  exams: readonly ExamSummary[];
  classId: number;
  action?: (exam: ExamSummary) => ReactNode;
}) {
  if (exams.length === 0) return null;
  return (
    <Stack component="ul" gap={0} className={classes.list} aria-label="Exams and question sets">
      {exams.map((exam) => (
        <li key={exam.id} className={classes.item}>
          <Group gap="sm" wrap="nowrap" py="xs" justify="space-between">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" color="indigo" radius="xl" size={30} aria-hidden>
                {exam.kind === 'exam' ? <IconChecklist size={16} /> : <IconMessageQuestion size={16} />}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={examHref(exam, classId)} fw={600}>
                  {exam.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {kindLabels[exam.kind]} · {plural(exam.question_count, 'question')} · {exam.marks_total} marks
                  {exam.additional_materials ? ` · Bring: ${exam.additional_materials}` : ''}
                </Text>
              </div>
            </Group>
            {action?.(exam)}
          </Group>
        </li>
      ))}
    </Stack>
  );
}
