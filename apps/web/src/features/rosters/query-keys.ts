/** The query keys of the roster feature: every roster query starts with `rosters`, so a change can refresh them all. */
export const rosterKeys = {
  all: ['rosters'] as const,
  sources: () => [...rosterKeys.all, 'sources'] as const,
  datasets: (schoolId: number | null, year: number | null) => [...rosterKeys.all, 'datasets', schoolId, year] as const,
  dataset: (id: number) => [...rosterKeys.all, 'dataset', id] as const,
  step: (id: number, step: string) => [...rosterKeys.all, 'dataset', id, step] as const,
};
