import { Anchor, Button, Group } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import { ExamLockSwitch, type ExamLockSwitchProps } from './exam-lock-switch';

/** The class progress grid of an exam, question set or reflective set. */
export function examGridUrl(classId: number, exam: ExamLockSwitchProps['exam']): string {
  const params = { classId, examId: exam.id };
  if (exam.kind === 'question_set') return urlFor('class-progress-question-set', params);
  if (exam.kind === 'reflective_question_set') return urlFor('class-progress-reflective-question-set', params);
  return urlFor('class-progress-exam', params);
}

/**
 * What a teacher does with an exam from the class's course: see the class's progress grid and (exams in a topic) its
 * insights, mark it (exams and question sets; a reflective set is never marked) and lock it for the class.
 */
export function ExamTeacherActions({
  classId,
  exam,
  classProgress,
  topicId,
}: ExamLockSwitchProps & { topicId?: number }) {
  return (
    <Group gap="md" wrap="nowrap">
      <Anchor component={Link} to={examGridUrl(classId, exam)} size="sm" aria-label={`Progress grid of ${exam.title}`}>
        Progress
      </Anchor>
      {topicId !== undefined && exam.kind === 'exam' && (
        <Anchor
          component={Link}
          to={urlFor('class-exam-insights', { classId, topicId, examId: exam.id })}
          size="sm"
          aria-label={`Insights into ${exam.title}`}
        >
          Insights
        </Anchor>
      )}
      {exam.kind !== 'reflective_question_set' && (
        <Button
          component={Link}
          to={urlFor('class-exam-mark', { classId, examId: exam.id })}
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={`Mark ${exam.title}`}
        >
          Mark
        </Button>
      )}
      <ExamLockSwitch classId={classId} exam={exam} classProgress={classProgress} />
    </Group>
  );
}
