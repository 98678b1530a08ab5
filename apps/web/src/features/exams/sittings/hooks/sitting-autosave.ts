import type { ExamQuestionView, Sitting, SittingAnswer } from '@banksia/contracts/exam-api';
import {
  examAnswerSchema,
  MAX_HTML_ANSWER_LENGTH,
  MAX_TYPED_ANSWER_LENGTH,
  type ExamAnswer,
} from '@banksia/contracts/exams';
import type { SaveStatus } from '@banksia/contracts/activities';
import type { QueryClient } from '@tanstack/react-query';
import { Autosaver, type AutosaveProblem } from '../../../../lib/autosaver';
import { stringField } from '../../../../lib/json-body';
import { removeStoredWithPrefix } from '../../../../lib/local-storage';
import type { RequestResult } from '../../../../lib/request';
import { sittingQueryOptions } from '../api/get-sitting';
import { examKeys } from '../../api/query-keys';
import { saveAnswer } from '../api/save-answer';

/** Why a sitting takes no more answers: the server's 409 codes other than a stale version. */
export type SittingClosedReason = 'sitting_submitted' | 'exam_locked' | 'time_up';
const CLOSED_CODES: ReadonlySet<string> = new Set<SittingClosedReason>(['sitting_submitted', 'exam_locked', 'time_up']);

/** Quiet time before an answer is sent: a click is a whole answer, typing is sent once it pauses. */
export const CHOICE_AUTOSAVE_DELAY_MS = 300;
export const TYPED_AUTOSAVE_DELAY_MS = 1000;

/** How long submitting waits for answers still being sent before going ahead. */
export const FLUSH_TIMEOUT_MS = 10_000;

export type AnswerValue = ExamAnswer | null;

const answerValueSchema = examAnswerSchema.nullable();

/** Where this browser keeps a student's unsaved answer to one question of one sitting. */
export function answerDraftKey(sittingId: number, questionId: number, userId: number): string {
  return `${answerDraftPrefix(sittingId)}${questionId}:${userId}`;
}

function answerDraftPrefix(sittingId: number): string {
  return `banksia:exam-answer-draft:${sittingId}:`;
}

export interface SittingAutosaveSnapshot {
  /** Saving if any answer is on its way, error if any could not be saved, else saved. */
  status: SaveStatus;
  /** Set once the server refuses answers because the sitting is closed (submitted, locked, or out of time). */
  closed: SittingClosedReason | null;
  /** Each question's answer as the page shows it. */
  answers: ReadonlyMap<number, AnswerValue>;
}

export interface SittingAutosaveOptions {
  sitting: Sitting;
  questions: readonly ExamQuestionView[];
  userId: number;
  queryClient: QueryClient;
}

/**
 * Autosave of every answer of an open sitting: one Autosaver per question (each answer has its own version on the
 * server), so a change is kept in this browser at once, sent after a quiet time with the version it was made on, and
 * never silently overwrites an answer saved in another tab (a 409 `conflict` asks the student). It lives as long as
 * the exam's pages, not one section's, so moving between sections never starts a second saver on the same answer.
 *
 * The server's other 409s say the sitting takes no more answers; they stop every saver (as a refusal, keeping the
 * drafts) and set `closed`, which the page explains.
 */
export class SittingAutosave {
  readonly sittingId: number;
  private readonly savers = new Map<number, Autosaver<AnswerValue>>();
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribes: (() => void)[] = [];
  private closed: SittingClosedReason | null = null;
  private snapshot: SittingAutosaveSnapshot;
  private active = false;

  constructor(private readonly options: SittingAutosaveOptions) {
    const { sitting, questions, userId, queryClient } = options;
    this.sittingId = sitting.id;
    const given = new Map(sitting.answers.map((a) => [a.question_id, a]));
    // A teacher entering a paper reads the student's sitting, not their own (they have none).
    const params = {
      classId: sitting.class_id,
      examId: sitting.exam_id,
      ...(sitting.transcribed ? { profileId: sitting.profile_id } : {}),
    };
    for (const question of questions) {
      const saved = given.get(question.id);
      const saver = new Autosaver<AnswerValue>({
        draftKey: answerDraftKey(sitting.id, question.id, userId),
        valueSchema: answerValueSchema,
        initial: { value: saved?.answer ?? null, version: saved?.version ?? 0 },
        delayMs: question.type === 'multiple_choice' ? CHOICE_AUTOSAVE_DELAY_MS : TYPED_AUTOSAVE_DELAY_MS,
        check: tooLong,
        save: async (value, version, { keepalive }) => {
          // Never sent: the saved value is null only before the first answer, and an answer is never null again.
          if (value === null) return { ok: true, body: { version }, status: 200, failureReason: null };
          const result = await saveAnswer(
            { sittingId: sitting.id, questionId: question.id },
            { answer: value, version },
            { keepalive },
          );
          return this.checkClosed(result);
        },
        fetchLatest: async () => {
          const latest = await queryClient.fetchQuery({ ...sittingQueryOptions(params), staleTime: 0 });
          const answer = latest?.answers.find((a) => a.question_id === question.id);
          return { value: answer?.answer ?? null, version: answer?.version ?? 0 };
        },
        onSaved: (answer) => this.recordSaved(answer as SittingAnswer),
      });
      this.savers.set(question.id, saver);
    }
    this.snapshot = this.buildSnapshot();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SittingAutosaveSnapshot => this.snapshot;

  /** The saver of one question's answer, for its conflict choice and its own state. */
  saverFor(questionId: number): Autosaver<AnswerValue> | undefined {
    return this.savers.get(questionId);
  }

  /** The student changed an answer. Ignored once the sitting is closed. */
  change(questionId: number, answer: ExamAnswer): void {
    if (this.closed) return;
    this.savers.get(questionId)?.change(answer);
  }

  readonly start = (): void => {
    if (this.active) return;
    this.active = true;
    for (const saver of this.savers.values()) {
      this.unsubscribes.push(saver.subscribe(() => this.emit()));
      saver.start();
    }
    this.emit();
  };

  readonly stop = (): void => {
    if (!this.active) return;
    this.active = false;
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    for (const saver of this.savers.values()) saver.stop();
  };

  /**
   * Sends every unsaved answer now and waits until none is on its way (or `timeoutMs` passes): before submitting,
   * so what the student sees is what is marked. True when every answer is saved.
   */
  async flushAll(timeoutMs = FLUSH_TIMEOUT_MS): Promise<boolean> {
    await Promise.all([...this.savers.values()].map((saver) => saver.flush()));
    const settled = () => [...this.savers.values()].every((saver) => saver.getSnapshot().status !== 'saving');
    if (!settled()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        const unsubscribes = [...this.savers.values()].map((saver) => saver.subscribe(() => settled() && done()));
        function done() {
          clearTimeout(timer);
          for (const unsubscribe of unsubscribes) unsubscribe();
          resolve();
        }
      });
    }
    return [...this.savers.values()].every((saver) => saver.getSnapshot().status === 'saved');
  }

  /** Forgets this sitting's drafts once it is submitted: nothing in them can be saved any more. */
  clearDrafts(): void {
    removeStoredWithPrefix(answerDraftPrefix(this.sittingId));
  }

  /** Marks the sitting closed (e.g. the submit answered that it is locked); the savers stop sending. */
  close(reason: SittingClosedReason): void {
    if (this.closed === reason) return;
    this.closed = reason;
    this.emit();
  }

  private checkClosed<T>(result: RequestResult<T>): RequestResult<T> {
    if (result.ok || result.status !== 409) return result;
    const code = stringField(result.body, 'code');
    if (code === null || !CLOSED_CODES.has(code)) return result;
    this.close(code as SittingClosedReason);
    // A refusal rather than a conflict: nothing the student chooses here would be saved, and the draft is kept.
    return { ...result, status: 403 };
  }

  private recordSaved(answer: SittingAnswer): void {
    const { sitting, queryClient } = this.options;
    const key = examKeys.sitting({ classId: sitting.class_id, examId: sitting.exam_id });
    queryClient.setQueryData<Sitting | null>(
      key,
      (current) => {
        if (!current || current.id !== sitting.id) return current;
        const others = current.answers.filter((a) => a.question_id !== answer.question_id);
        return { ...current, answers: [...others, answer] };
      },
      // The time left is counted from when the server said it: an answer saved since must not move that moment.
      { updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt },
    );
  }

  private buildSnapshot(): SittingAutosaveSnapshot {
    const answers = new Map<number, AnswerValue>();
    let saving = false;
    let error = false;
    for (const [questionId, saver] of this.savers) {
      const snapshot = saver.getSnapshot();
      answers.set(questionId, snapshot.value);
      if (snapshot.status === 'saving') saving = true;
      if (snapshot.status === 'error') error = true;
    }
    return { status: error ? 'error' : saving ? 'saving' : 'saved', closed: this.closed, answers };
  }

  private emit(): void {
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }
}

function tooLong(value: AnswerValue): AutosaveProblem | null {
  if (value === null) return null;
  if ('html' in value) return value.html.length > MAX_HTML_ANSWER_LENGTH ? 'too-long' : null;
  const typed = 'text' in value ? value.text : 'value' in value ? value.value : 'latex' in value ? value.latex : '';
  return typed.length > MAX_TYPED_ANSWER_LENGTH ? 'too-long' : null;
}
