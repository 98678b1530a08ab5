import type { retryJobResponse } from '@banksia/contracts/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { jobsQueryKey } from './get-jobs';

/** Sends a failed job back to its queue as a new job (POST api:admin-job-retry). */
export async function retryJob(jobId: string): Promise<string> {
  const answer = unwrap(await postJson<Answer<typeof retryJobResponse>>(urlFor('api:admin-job-retry', { jobId }), {}));
  return answer.id;
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
