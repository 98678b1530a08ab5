import { Button, Group } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { urlFor } from '../../../lib/named-routes';
import { ExamLockSwitch, type ExamLockSwitchProps } from './exam-lock-switch';

/**
 * What a teacher does with an exam from the class's course: mark it (exams and question sets; a reflective set is
 * never marked) and lock it for the class.
 */
export function ExamTeacherActions({ classId, exam, classProgress }: ExamLockSwitchProps) {
  return (
    <Group gap="md" wrap="nowrap">
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
