import type { ExamView, Sitting } from '@banksia/contracts/exam-api';
import { useOutletContext } from 'react-router';
import type { ExamClass } from '../../api/get-exam-classes';
import type { SittingAutosave } from '../hooks/sitting-autosave';

/** What every exam page gets from the exam's layout. */
export interface ExamContext {
  exam: ExamView;
  /** The viewer's classes on the exam's course. */
  classes: readonly ExamClass[];
  /** The class the pages are for: from `?class=`, or the only one; null while it must be chosen (or there is none). */
  examClass: ExamClass | null;
  /** The signed-in user. */
  userId: number;
  /**
   * The student's current sitting in the class: undefined while loading, null before they start (and for teachers).
   */
  sitting: Sitting | null | undefined;
  /** When the sitting was last read from the server (ms), to count its time left from. */
  sittingReadAt: number;
  /** Autosave of the open sitting's answers; null when there is none. */
  autosave: SittingAutosave | null;
}

export function useExamContext(): ExamContext {
  return useOutletContext<ExamContext>();
}
