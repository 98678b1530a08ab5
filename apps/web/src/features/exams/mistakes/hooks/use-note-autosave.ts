import { MAX_HTML_ANSWER_LENGTH } from '@banksia/contracts/exams';
import type { Mistakes, QuestionNote } from '@banksia/contracts/exam-api';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Autosaver, type AutosaveSnapshot } from '../../../../lib/autosaver';
import { useAutosaver } from '../../../../lib/use-autosaver';
import { mistakesQueryOptions } from '../api/get-mistakes';
import { examKeys, type ClassExamParams } from '../../api/query-keys';
import { saveQuestionNote } from '../api/save-note';

/** Quiet time after the last keystroke before a note is sent (as for lesson notes). */
export const NOTE_AUTOSAVE_DELAY_MS = 1000;

export type NoteParams = ClassExamParams & { questionId: number };

/** Where this browser keeps a student's unsaved note on one question. */
export function noteDraftKey({ classId, examId, questionId }: NoteParams, userId: number): string {
  return `banksia:exam-note-draft:${classId}:${examId}:${questionId}:${userId}`;
}

export interface NoteAutosave extends Omit<AutosaveSnapshot<string>, 'value'> {
  html: string;
  onChange: (html: string) => void;
  loadLatest: () => Promise<void>;
  keepMine: () => Promise<void>;
}

function noteOf(mistakes: Mistakes | null | undefined, questionId: number): { value: string; version: number } {
  const note = mistakes?.notes.find((n) => n.question_id === questionId);
  return { value: note?.body ?? '', version: note?.version ?? 0 };
}

/**
 * Autosave of the student's note on a question (see Autosaver): kept in this browser at once, sent with the version
 * it was made on. `initial` is read once: mount the caller with a `key` per question.
 */
export function useNoteAutosave(params: NoteParams, userId: number, initial: Mistakes): NoteAutosave {
  const queryClient = useQueryClient();
  const { value, saver, ...snapshot } = useAutosaver(
    () =>
      new Autosaver<string>({
        draftKey: noteDraftKey(params, userId),
        valueSchema: z.string(),
        initial: noteOf(initial, params.questionId),
        delayMs: NOTE_AUTOSAVE_DELAY_MS,
        check: (html) => (html.length > MAX_HTML_ANSWER_LENGTH ? 'too-long' : null),
        save: (body, version, { keepalive }) => saveQuestionNote(params, { body, version }, { keepalive }),
        fetchLatest: async () =>
          noteOf(await queryClient.fetchQuery({ ...mistakesQueryOptions(params), staleTime: 0 }), params.questionId),
        onSaved: (answer) => {
          const note = answer as QuestionNote;
          queryClient.setQueryData<Mistakes>(examKeys.mistakes(params), (mistakes) =>
            mistakes
              ? { ...mistakes, notes: [...mistakes.notes.filter((n) => n.question_id !== note.question_id), note] }
              : mistakes,
          );
        },
      }),
  );
  return { ...snapshot, html: value, onChange: saver.change, loadLatest: saver.loadLatest, keepMine: saver.keepMine };
}
