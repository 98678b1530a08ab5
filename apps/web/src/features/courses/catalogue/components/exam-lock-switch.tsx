import type { ClassCourseProgress, ExamSummary } from '@banksia/contracts/courses';
import { Switch } from '@mantine/core';
import { useSetExamLock } from '../api/set-exam-lock';

export interface ExamLockSwitchProps {
  classId: number;
  exam: ExamSummary;
  classProgress: ClassCourseProgress;
}

/**
 * A teacher's lock on one exam for the class (spec §4): on means LOCKED_BY_TEACHER, and students cannot start or
 * submit it (the server refuses them). The switch moves at once and moves back if the change fails.
 */
export function ExamLockSwitch({ classId, exam, classProgress }: ExamLockSwitchProps) {
  const { setLocked } = useSetExamLock(classId);
  const entry = classProgress.exams[String(exam.id)];
  if (!entry) return null;
  return (
    <Switch
      label="Locked"
      aria-label={`Lock ${exam.title} for the class`}
      checked={entry.is_locked}
      onChange={(event) => setLocked(exam.id, event.currentTarget.checked)}
      color="red"
    />
  );
}
