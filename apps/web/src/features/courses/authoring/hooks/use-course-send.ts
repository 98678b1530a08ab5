import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { useState } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../../../components/field-errors';
import { RequestFailure } from '../../../../components/request-failure';
import type { SaveStatus } from '../../../../components/save-indicator';
import { useCourseWrite } from './use-course-write';

/** Sends one of the editor's writes, made for the course's current version; `onDone` runs once it is saved. */
export type Send = (make: (version: number) => Promise<AdminCourseDetail>, onDone?: () => void) => void;

function isConflict(error: unknown): boolean {
  return error instanceof RequestFailure && error.status === 409;
}

/**
 * The course editor's saving: `send` writes at the course's current version and tracks the save status; a failure
 * becomes `problem` (a 409 from a stale version offers the latest, anything else says what failed).
 */
export function useCourseSend(course: AdminCourseDetail['course']) {
  const write = useCourseWrite(course.id);
  const [problem, setProblem] = useState<{ conflict: boolean; message: string } | null>(null);
  const [status, setStatus] = useState<SaveStatus>('saved');

  /** Sends a write of the current version; a 409 says why and offers the latest, anything else says what failed. */
  const send: Send = (make, onDone) => {
    setStatus('saving');
    setProblem(null);
    write.mutate(() => make(course.version), {
      onSuccess: () => {
        setStatus('saved');
        onDone?.();
      },
      onError: (error) => {
        setStatus('error');
        const fields = fieldErrorsOf(error);
        const first = Object.values(fields)[0];
        const message = first ?? formErrorOf(error);
        // A 409 is either a stale version (load the latest) or a refusal that says why (e.g. deleting a lesson
        // students have used): only the first offers reloading.
        setProblem({ conflict: isConflict(error) && message.startsWith('Someone else changed'), message });
      },
    });
  };

  const clearProblem = () => {
    setProblem(null);
    setStatus('saved');
  };
  return { send, status, problem, clearProblem, pending: write.isPending };
}
