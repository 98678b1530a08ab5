import type { rosterDatasetListResponse } from '@banksia/contracts/rosters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../components/request-failure';
import { urlFor } from '../../../../lib/named-routes';
import { getJson, type Answer } from '../../../../lib/request';
import { rosterKeys } from '../../query-keys';

export interface DatasetFilters {
  schoolId?: number | null;
  year?: number | null;
}

/** The roster datasets the user may see (GET api:roster-datasets), of a school and year when given. */
export async function listDatasets(filters: DatasetFilters, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.schoolId) params.set('school_id', String(filters.schoolId));
  if (filters.year) params.set('calendar_year', String(filters.year));
  return unwrap(
    await getJson<Answer<typeof rosterDatasetListResponse>>(`${urlFor('api:roster-datasets')}?${params}`, {
      signal,
    }),
  );
}

export function datasetsQueryOptions(filters: DatasetFilters) {
  return queryOptions({
    queryKey: rosterKeys.datasets(filters.schoolId ?? null, filters.year ?? null),
    queryFn: ({ signal }) => listDatasets(filters, signal),
    // While an apply runs, look again every few seconds: its progress, then its end.
    refetchInterval: (query) => (query.state.data?.datasets.some((d) => d.status === 'applying') ? 3000 : false),
  });
}

export function useDatasets(filters: DatasetFilters) {
  return useQuery(datasetsQueryOptions(filters));
}
