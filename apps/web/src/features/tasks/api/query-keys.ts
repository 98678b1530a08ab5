/** Query keys of the tasks feature; every key starts with 'tasks', so a change can refresh them all. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (classId: number | null) => ['tasks', 'list', classId] as const,
  task: (taskId: number, anonymised: boolean) => ['tasks', 'task', taskId, anonymised] as const,
  item: (taskId: number, taskItemId: number, anonymised: boolean) =>
    ['tasks', 'item', taskId, taskItemId, anonymised] as const,
  options: (classId: number) => ['tasks', 'options', classId] as const,
  insights: (taskId: number) => ['tasks', 'insights', taskId] as const,
  questionInsights: (taskId: number, questionId: number, anonymised: boolean) =>
    ['tasks', 'question-insights', taskId, questionId, anonymised] as const,
};

/** `?anonymise=1` when names are hidden (the server reads the cookie too; this keeps each variant's URL distinct). */
export function anonymiseSearch(anonymised: boolean): string {
  return anonymised ? '?anonymise=1' : '';
}
