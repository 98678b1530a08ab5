import type { progressGridSchema, ProgressGrid } from '@banksia/contracts/progress-grids';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor, type RouteName } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** Which grid a page shows: its kind and the ids in its address. */
export type GridSpec =
  | { kind: 'exam'; classId: number; examId: number }
  | { kind: 'topic'; classId: number; topicId: number }
  | { kind: 'topic_exam'; classId: number; topicId: number; examId: number }
  | { kind: 'lesson'; classId: number; lessonId: number }
  | { kind: 'student'; classId: number; profileId: number }
  | { kind: 'question_set'; classId: number; examId: number }
  | { kind: 'reflective_question_set'; classId: number; examId: number }
  | { kind: 'question'; classId: number; examId: number; questionId: number };

const apiRoute: Record<GridSpec['kind'], RouteName> = {
  exam: 'api:progress-grid-exam',
  topic: 'api:progress-grid-topic',
  topic_exam: 'api:progress-grid-topic-exam',
  lesson: 'api:progress-grid-lesson',
  student: 'api:progress-grid-student',
  question_set: 'api:progress-grid-question-set',
  reflective_question_set: 'api:progress-grid-reflective-question-set',
  question: 'api:progress-grid-question-set-question',
};

/** The grid's API address; `csv` asks for the CSV download, `anonymise` for the day's pseudonyms. */
export function gridApiUrl(spec: GridSpec, { anonymise = false, csv = false } = {}): string {
  const { kind, ...params } = spec;
  const search = new URLSearchParams();
  if (csv) search.set('format', 'csv');
  if (anonymise) search.set('anonymise', '1');
  const query = search.toString();
  return `${urlFor(apiRoute[kind], params)}${query ? `?${query}` : ''}`;
}

/** GET the grid (one request; teachers of the class, school admins and staff). */
export async function getProgressGrid(spec: GridSpec, anonymise: boolean, signal?: AbortSignal): Promise<ProgressGrid> {
  return unwrap(await getJson<Answer<typeof progressGridSchema>>(gridApiUrl(spec, { anonymise }), { signal }));
}

export function progressGridQueryOptions(spec: GridSpec, anonymise: boolean) {
  return queryOptions({
    // Names differ with the anonymiser, so the setting is part of the key.
    queryKey: ['progress-grid', spec, anonymise ? 'anonymised' : 'named'] as const,
    queryFn: ({ signal }) => getProgressGrid(spec, anonymise, signal),
  });
}

export function useProgressGrid(spec: GridSpec, anonymise: boolean) {
  return useQuery(progressGridQueryOptions(spec, anonymise));
}
