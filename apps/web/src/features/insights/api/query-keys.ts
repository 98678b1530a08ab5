/** `?anonymise=1` when names are hidden (the server also reads the anonymiser cookie; this makes it explicit). */
export function anonymiseSearch(anonymised: boolean): string {
  return anonymised ? '?anonymise=1' : '';
}

/** Query keys of the insights pages; each holds whether names are hidden, since the answers name students. */
export const insightKeys = {
  all: ['insights'] as const,
  lesson: (p: { classId: number; topicId: number; lessonId: number }, anonymised: boolean) =>
    ['insights', 'lesson', p.classId, p.topicId, p.lessonId, anonymised ? 'anonymised' : 'named'] as const,
  exam: (p: { classId: number; topicId: number; examId: number }, anonymised: boolean) =>
    ['insights', 'exam', p.classId, p.topicId, p.examId, anonymised ? 'anonymised' : 'named'] as const,
  question: (p: { classId: number; topicId: number; examId: number; questionId: number }, anonymised: boolean) =>
    [
      'insights',
      'question',
      p.classId,
      p.topicId,
      p.examId,
      p.questionId,
      anonymised ? 'anonymised' : 'named',
    ] as const,
};
