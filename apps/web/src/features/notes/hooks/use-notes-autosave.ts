import type { Notes } from '@banksia/contracts/courses';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { lessonNotesQueryKey, lessonNotesQueryOptions, type LessonNotesParams } from '../api/get-lesson-notes';
import { NotesAutosaver, type NotesAutosaveSnapshot } from './notes-autosaver';

export interface NotesAutosave extends NotesAutosaveSnapshot {
  onChange: (html: string) => void;
  loadLatest: () => Promise<void>;
  keepMine: () => Promise<void>;
}

/**
 * Autosave for the owner's notes (see NotesAutosaver). `initial` is read once: mount the caller with a `key` per
 * class, lesson and profile so other notes get their own autosave.
 */
export function useNotesAutosave(params: LessonNotesParams, initial: Notes): NotesAutosave {
  const queryClient = useQueryClient();
  const [saver] = useState(
    () =>
      new NotesAutosaver({
        params,
        initial,
        fetchLatest: () => queryClient.fetchQuery({ ...lessonNotesQueryOptions(params), staleTime: 0 }),
        onSaved: (notes) => queryClient.setQueryData(lessonNotesQueryKey(params), notes),
      }),
  );
  useEffect(() => {
    saver.start();
    return saver.stop;
  }, [saver]);
  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  return { ...snapshot, onChange: saver.change, loadLatest: saver.loadLatest, keepMine: saver.keepMine };
}
