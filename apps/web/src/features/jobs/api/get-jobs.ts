import type { jobsOverviewSchema, JobsOverview } from '@banksia/contracts/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { getJson, type Answer } from '../../../lib/request';

/** Counts per queue and the latest failed jobs (GET api:admin-jobs; content staff). */
export async function getJobs(signal?: AbortSignal): Promise<JobsOverview> {
  return unwrap(await getJson<Answer<typeof jobsOverviewSchema>>(urlFor('api:admin-jobs'), { signal }));
}

export const jobsQueryKey = ['jobs', 'overview'] as const;

export function jobsQueryOptions() {
  return queryOptions({
    queryKey: jobsQueryKey,
    queryFn: ({ signal }) => getJobs(signal),
    // Queues move on their own: keep the page current while it is open.
    refetchInterval: 10_000,
  });
}

export function useJobs() {
  return useQuery(jobsQueryOptions());
}
