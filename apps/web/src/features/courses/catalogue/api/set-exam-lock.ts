import type { classExamLockSchema, ClassExamLock } from '@banksia/contracts/exams';
import type { ClassCourseProgress } from '@banksia/contracts/courses';
import {
  examLockReducer,
  lockStatusFor,
  needsLockRequest,
  type ExamLockEvent,
  type ExamLockState,
  type ExamLockStatus,
} from '@banksia/contracts/rules/exam-lock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { track } from '../../../../lib/analytics';
import { urlFor } from '../../../../lib/named-routes';
import { postJson, type Answer } from '../../../../lib/request';
import { classCourseProgressQueryOptions } from './get-class-course-progress';
import { notify } from '../../../../lib/notify';

/** Locks or opens an exam for a class (POST api:class-exam-lock {status}). */
export async function saveExamLock(classId: number, examId: number, status: ExamLockStatus): Promise<ClassExamLock> {
  return unwrap(
    await postJson<Answer<typeof classExamLockSchema>>(urlFor('api:class-exam-lock', { classId, examId }), { status }),
  );
}

/** The class's locks as the progress data holds them. */
export function locksOf(progress: ClassCourseProgress): ExamLockState {
  return Object.fromEntries(Object.values(progress.exams).map((e) => [String(e.exam_id), e.is_locked]));
}

function withLocks(progress: ClassCourseProgress, state: ExamLockState): ClassCourseProgress {
  let exams = progress.exams;
  for (const [key, locked] of Object.entries(state)) {
    if (exams[key]?.is_locked === locked) continue;
    exams = { ...exams, [key]: { exam_id: Number(key), is_locked: locked } };
  }
  return exams === progress.exams ? progress : { ...progress, exams };
}

interface LockRequest {
  examId: number;
  status: ExamLockStatus;
  previous: ExamLockStatus;
}

/**
 * A teacher locks or opens an exam for the class (spec §4 "Exam lock per class"): the class's progress shows the
 * new value at once; a failure puts the previous one back and says so; asking for the value it already has makes
 * no call. Each toggle is tracked as 'toggled exam lock' with exam_id and status.
 */
export function useSetExamLock(classId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = classCourseProgressQueryOptions(classId);
  const apply = (event: ExamLockEvent) =>
    queryClient.setQueryData<ClassCourseProgress>(queryKey, (progress) =>
      progress ? withLocks(progress, examLockReducer(locksOf(progress), event)) : progress,
    );

  const mutation = useMutation({
    mutationFn: ({ examId, status }: LockRequest) => saveExamLock(classId, examId, status),
    onMutate: ({ examId, status, previous }) => apply({ type: 'request', examId, status, previous }),
    onSuccess: (_answer, { examId, status }) => apply({ type: 'success', examId, status }),
    onError: (_error, { examId, previous }) => {
      apply({ type: 'failure', examId, previous });
      notify({
        color: 'red',
        title: "Couldn't change the exam lock",
        message: 'The exam is as it was. Check your connection and try again.',
      });
    },
  });

  return {
    /** Asks for the exam to be locked (true) or open (false). */
    setLocked: (examId: number, locked: boolean) => {
      const progress = queryClient.getQueryData<ClassCourseProgress>(queryKey);
      const state = progress ? locksOf(progress) : {};
      const status = lockStatusFor(locked);
      if (!needsLockRequest(state, examId, status)) return;
      track('toggled exam lock', { exam_id: examId, status });
      mutation.mutate({ examId, status, previous: lockStatusFor(state[examId] ?? false) });
    },
  };
}
