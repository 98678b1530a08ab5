import type { activityDetailSchema, ActivityDetail, CreateActivityBody } from '@banksia/contracts/activities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { postJson, type Answer } from '../../../lib/request';
import { activityQueryOptions } from './get-activity';
import { activityListKey } from './query-keys';

export async function createActivity(body: CreateActivityBody): Promise<ActivityDetail> {
  return unwrap(await postJson<Answer<typeof activityDetailSchema>>(urlFor('api:activities'), body));
}

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActivity,
    onSuccess: (created) => {
      queryClient.setQueryData(activityQueryOptions(created.id).queryKey, created);
      void queryClient.invalidateQueries({ queryKey: activityListKey });
    },
  });
}
