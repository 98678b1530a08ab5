import { demoCheckSchema, type DemoCheck } from '@banksia/contracts/exam-api';
import { examAnswerSchema, type ExamAnswer } from '@banksia/contracts/exams';
import { useCallback, useState } from 'react';
import { z } from 'zod';

/** A visitor's answers to a demo question set and the checks the server made of them, keyed by question id. */
export interface DemoProgress {
  answers: Readonly<Record<string, ExamAnswer>>;
  checks: Readonly<Record<string, DemoCheck>>;
}

const demoProgressSchema = z.object({
  answers: z.record(z.string(), examAnswerSchema),
  checks: z.record(z.string(), demoCheckSchema),
});

const EMPTY: DemoProgress = { answers: {}, checks: {} };

/** Where this tab keeps a demo's answers: session storage, so a reload keeps them and closing the tab ends them. */
export function demoProgressKey(examId: number): string {
  return `banksia:demo-question-set:${examId}`;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): the demo still works, for as long as the page stays open.
    return null;
  }
}

function readProgress(examId: number): DemoProgress {
  const raw = sessionStore()?.getItem(demoProgressKey(examId));
  if (!raw) return EMPTY;
  try {
    const parsed = demoProgressSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: dropped below like any other unreadable value.
  }
  sessionStore()?.removeItem(demoProgressKey(examId));
  return EMPTY;
}

function writeProgress(examId: number, progress: DemoProgress): void {
  try {
    sessionStore()?.setItem(demoProgressKey(examId), JSON.stringify(progress));
  } catch {
    // Full or blocked: the answers stay in the page, which is all a demo promises.
  }
}

export interface DemoProgressState {
  progress: DemoProgress;
  /** A new answer: its earlier check no longer applies, so it is dropped. */
  setAnswer: (questionId: number, answer: ExamAnswer) => void;
  /** The server's check of `answer`; dropped if the answer has changed since it was sent. */
  setCheck: (questionId: number, answer: ExamAnswer, check: DemoCheck) => void;
  /** Starts the demo afresh. */
  reset: () => void;
}

/**
 * A demo question set's answers, kept in this tab only (nothing is recorded on the server). Every change is written
 * to session storage at once, so a reload or moving between questions keeps them.
 */
export function useDemoProgress(examId: number): DemoProgressState {
  const [progress, setProgress] = useState(() => readProgress(examId));

  const update = useCallback(
    (change: (current: DemoProgress) => DemoProgress) => {
      setProgress((current) => {
        const next = change(current);
        writeProgress(examId, next);
        return next;
      });
    },
    [examId],
  );

  const setAnswer = useCallback(
    (questionId: number, answer: ExamAnswer) =>
      update((current) => {
        const { [String(questionId)]: _stale, ...checks } = current.checks;
        return { answers: { ...current.answers, [questionId]: answer }, checks };
      }),
    [update],
  );
  const setCheck = useCallback(
    (questionId: number, answer: ExamAnswer, check: DemoCheck) =>
      update((current) =>
        JSON.stringify(current.answers[String(questionId)]) === JSON.stringify(answer)
          ? { ...current, checks: { ...current.checks, [questionId]: check } }
          : current,
      ),
    [update],
  );
  const reset = useCallback(() => update(() => EMPTY), [update]);

  return { progress, setAnswer, setCheck, reset };
}
