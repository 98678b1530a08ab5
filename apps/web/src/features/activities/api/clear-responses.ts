import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { deleteJson } from '../../../lib/request';
import { responsesSummaryQueryOptions } from './get-responses-summary';
import { activityListKey } from './query-keys';

export function useClearResponses(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      unwrap(await deleteJson(urlFor('api:activity-responses', { activityId })));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: responsesSummaryQueryOptions(activityId).queryKey });
      void queryClient.invalidateQueries({ queryKey: activityListKey });
    },
  });
}
