import { retryJobResponse } from '@banksia/contracts/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson } from '../../../lib/request';
import { jobsQueryKey } from './get-jobs';

/** Sends a failed job back to its queue as a new job (POST api:admin-job-retry). */
export async function retryJob(jobId: string): Promise<string> {
  const answer = unwrap(
    await postJson(urlFor('api:admin-job-retry', { jobId }), {}, { transform: (b) => retryJobResponse.parse(b) }),
  );
  return answer.id;
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
