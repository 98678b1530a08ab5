import { FailureReason } from '@banksia/contracts/errors';
import { Outlet, useParams, useSearchParams } from 'react-router';
import { LoadingState } from '../../../../components/loading-state';
import { RequestFailure } from '../../../../components/request-failure';
import { useExam } from '../../api/get-exam';
import { useExamClasses, type ExamClass } from '../../api/get-exam-classes';
import { useSitting } from '../api/get-sitting';
import { useSittingAutosave } from '../hooks/use-sitting-autosave';
import { useViewerId } from '../hooks/use-viewer-id';
import { CLASS_PARAM } from '../utils/exam-links';
import { orderedQuestions } from '../utils/exam-structure';
import type { ExamContext } from './exam-context';

/** A positive whole number from the URL, or null. */
export function idFrom(value: string | null | undefined): number | null {
  if (value === undefined || value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/**
 * Which class the pages are for: the one `?class=` names (it must be one of the viewer's), else the only one. Null
 * when there are several to choose from, or none.
 */
export function chooseClass(classes: readonly ExamClass[], requested: number | null): ExamClass | null {
  if (requested !== null) {
    const found = classes.find((c) => c.class_id === requested);
    if (!found) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
    return found;
  }
  return classes.length === 1 ? classes[0]! : null;
}

/**
 * Everything under /exams/{examId}/: loads the exam, the viewer's classes on its course and (for a student) their
 * sitting once, and keeps the open sitting's autosave running while the student moves between sections.
 */
export function ExamLayout() {
  const params = useParams();
  const [search] = useSearchParams();
  const examId = idFrom(params.examId);
  if (examId === null) throw new RequestFailure(FailureReason.NOT_FOUND_ERROR, 404, null);
  return <ExamPages key={examId} examId={examId} requestedClass={idFrom(search.get(CLASS_PARAM))} />;
}

function ExamPages({ examId, requestedClass }: { examId: number; requestedClass: number | null }) {
  const userId = useViewerId();
  const exam = useExam(examId);
  const classes = useExamClasses(examId);
  const examClass = classes.data ? chooseClass(classes.data.classes, requestedClass) : null;
  const isStudent = examClass !== null && !examClass.teaches;
  const sitting = useSitting({ classId: examClass?.class_id ?? 0, examId }, { enabled: isStudent });
  // The answers are edited from the server's latest versions, never a cached copy (as on the activity page).
  const fresh = sitting.isFetchedAfterMount ? (sitting.data ?? null) : null;
  // Made once the questions are known too: each answer gets its saver when the autosave is made.
  const autosave = useSittingAutosave(
    isStudent && exam.data ? fresh : null,
    exam.data ? orderedQuestions(exam.data) : [],
    userId ?? 0,
  );

  if (exam.isError) throw exam.error;
  if (classes.isError) throw classes.error;
  if (isStudent && sitting.isError && !sitting.data) throw sitting.error;
  if (!exam.data || !classes.data || userId === null) return <LoadingState label="Loading the exam" />;
  if (isStudent && !sitting.isFetchedAfterMount) return <LoadingState label="Loading your answers" />;

  const context: ExamContext = {
    exam: exam.data,
    classes: classes.data.classes,
    examClass,
    userId,
    sitting: isStudent ? sitting.data : null,
    sittingReadAt: sitting.dataUpdatedAt,
    autosave,
  };
  return <Outlet context={context} />;
}
