import type { ExamQuestionView, Sitting } from '@banksia/contracts/exam-api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AutosaveSnapshot } from '../../../../lib/autosaver';
import { SittingAutosave, type AnswerValue, type SittingAutosaveSnapshot } from './sitting-autosave';

/**
 * The autosave of an open sitting's answers, made once per sitting (from the answers as the server last sent them)
 * and running while the caller is mounted; null when there is no open sitting to answer.
 */
export function useSittingAutosave(
  sitting: Sitting | null,
  questions: readonly ExamQuestionView[],
  userId: number,
): SittingAutosave | null {
  const queryClient = useQueryClient();
  const open = sitting !== null && sitting.status === 'open' ? sitting : null;
  const [autosave, setAutosave] = useState<SittingAutosave | null>(() =>
    open ? new SittingAutosave({ sitting: open, questions, userId, queryClient }) : null,
  );
  if ((open?.id ?? null) !== (autosave?.sittingId ?? null)) {
    // Another sitting (a question set retaken) or none: adjusted while rendering so no page shows the old one's answers.
    setAutosave(open ? new SittingAutosave({ sitting: open, questions, userId, queryClient }) : null);
  }
  useEffect(() => {
    if (!autosave) return;
    autosave.start();
    return autosave.stop;
  }, [autosave]);
  return autosave;
}

const idle: SittingAutosaveSnapshot = { status: 'saved', closed: null, answers: new Map() };
const noop = () => () => {};

/** The whole sitting's save state, re-rendering on each change. */
export function useSittingAutosaveState(autosave: SittingAutosave | null): SittingAutosaveSnapshot {
  return useSyncExternalStore(autosave?.subscribe ?? noop, autosave?.getSnapshot ?? (() => idle));
}

/** One answer's save state (its value, status and any conflict), re-rendering on each change. */
export function useAnswerAutosave(
  autosave: SittingAutosave,
  questionId: number,
): (AutosaveSnapshot<AnswerValue> & { loadLatest: () => Promise<void>; keepMine: () => Promise<void> }) | null {
  const saver = autosave.saverFor(questionId);
  const snapshot = useSyncExternalStore(saver?.subscribe ?? noop, saver?.getSnapshot ?? (() => null));
  if (!saver || !snapshot) return null;
  return { ...snapshot, loadLatest: saver.loadLatest, keepMine: saver.keepMine };
}
