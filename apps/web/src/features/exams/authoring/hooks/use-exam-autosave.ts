import { saveExamBody, type ExamAuthoring } from '@banksia/contracts/exam-authoring';
import type { SaveStatus } from '@banksia/contracts/activities';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fieldErrorsOf } from '../../../../components/field-errors';
import { saveExam } from '../api/save-exam';
import { draftOf, remapIds, type ExamDraft } from './exam-draft';

/** Quiet time after the last edit before the editor saves. */
export const AUTOSAVE_DELAY_MS = 1200;
const RETRY_DELAY_MS = 5000;

/**
 * Why the draft is not saved:
 * - invalid: the contracts' schema (checked here first, then by the server) finds fields at fault; nothing is sent
 *   until they are fixed;
 * - refused: the server refused a valid-looking save (400), e.g. a structural change to an exam students have sat;
 * - conflict: someone else saved since this editor loaded (409); autosave stops until the person reloads;
 * - failed: no connection or a server error; retried.
 */
export type ExamSaveProblem =
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'refused'; errors: Record<string, string>; detail: string | null }
  | { kind: 'conflict'; detail: string }
  | { kind: 'failed' };

const json = (draft: ExamDraft) => JSON.stringify(draft);

/** Field errors keyed like the API's: `sections.0.questions.2.accepted_answers`. */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || 'non_field_errors'] ??= issue.message;
  return errors;
}

/**
 * The exam editor's state and its autosave: every change is sent AUTOSAVE_DELAY_MS after the last, one save at a
 * time, with the revision the last save answered (a stale one is a 409, never an overwrite). New ids the server
 * gives are put into the draft, so the next save updates rather than adds.
 */
export function useExamAutosave(exam: ExamAuthoring, onSaved: (exam: ExamAuthoring) => void) {
  const [draft, setDraft] = useState<ExamDraft>(() => draftOf(exam));
  const [savedJson, setSavedJson] = useState(() => json(draftOf(exam)));
  const [inFlight, setInFlight] = useState(false);
  const [problem, setProblem] = useState<ExamSaveProblem | null>(null);
  const [retryAt, setRetryAt] = useState(0);
  // Stored id → the id the editor first gave it, so React keys (and the open question) survive the first save.
  const [aliases, setAliases] = useState<Record<string, string>>({});
  const revisionRef = useRef(exam.revision);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });

  const dirty = json(draft) !== savedJson;

  const save = useCallback(
    async (value: ExamDraft) => {
      const parsed = saveExamBody.safeParse({ ...value, revision: revisionRef.current });
      if (!parsed.success) {
        setProblem({ kind: 'invalid', errors: issuesToErrors(parsed.error.issues) });
        return;
      }
      setInFlight(true);
      const result = await saveExam(exam.id, parsed.data);
      setInFlight(false);
      if (result.ok) {
        revisionRef.current = result.body.revision;
        const idMap = result.body.id_map;
        if (idMap && Object.keys(idMap).length) {
          setAliases((current) => ({
            ...current,
            ...Object.fromEntries(Object.entries(idMap).map(([editorId, storedId]) => [storedId, editorId])),
          }));
        }
        setDraft((current) => remapIds(current, idMap));
        setSavedJson(json(remapIds(value, idMap)));
        setProblem(null);
        onSavedRef.current(result.body);
      } else if (result.status === 409) {
        setProblem({
          kind: 'conflict',
          detail:
            (result.body as { detail?: string } | null)?.detail ?? 'Someone else saved this exam since you opened it.',
        });
      } else if (result.status === 400) {
        setProblem({
          kind: 'refused',
          errors: fieldErrorsOf(result.body),
          detail: (result.body as { detail?: string } | null)?.detail ?? null,
        });
      } else {
        setProblem({ kind: 'failed' });
        setTimeout(() => setRetryAt(Date.now()), RETRY_DELAY_MS);
      }
    },
    [exam.id],
  );

  // A server refusal is kept until the draft changes again; a conflict until the person reloads.
  const lastTried = useRef<string | null>(null);
  useEffect(() => {
    if (!dirty || inFlight || problem?.kind === 'conflict') return;
    const current = json(draft);
    if ((problem?.kind === 'refused' || problem?.kind === 'invalid') && lastTried.current === current) return;
    const timer = setTimeout(() => {
      lastTried.current = current;
      void save(draft);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, dirty, inFlight, problem, save, retryAt]);

  /** Starts again from the exam as the server has it now (after a conflict). */
  const reset = useCallback((latest: ExamAuthoring) => {
    revisionRef.current = latest.revision;
    setDraft(draftOf(latest));
    setSavedJson(json(draftOf(latest)));
    setProblem(null);
  }, []);

  /** A stable key for a section or question: the same before and after its first save. */
  const keyOf = useCallback((id: string) => aliases[id] ?? id, [aliases]);

  /** The revision the next write must name; publishing (a write of its own) answers a new one. */
  const currentRevision = useCallback(() => revisionRef.current, []);
  const adoptRevision = useCallback((next: string) => {
    revisionRef.current = next;
  }, []);

  const status: SaveStatus = inFlight || (dirty && !problem) ? 'saving' : problem ? 'error' : 'saved';
  const errors = problem && (problem.kind === 'invalid' || problem.kind === 'refused') ? problem.errors : {};
  return {
    draft,
    setDraft,
    dirty,
    status,
    problem,
    errors,
    keyOf,
    currentRevision,
    adoptRevision,
    reset,
    saving: inFlight,
  };
}
