import type { schoolTimeZoneResponse } from '@banksia/contracts/staff-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { putJson, type Answer } from '../../../lib/request';
import { reportKey } from './report-filters';

/** Sets a school's time zone (PUT api:school-time-zone), then reloads the report. */
export function useSetSchoolTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ schoolId, timeZone }: { schoolId: number; timeZone: string }) =>
      unwrap(
        await putJson<Answer<typeof schoolTimeZoneResponse>>(urlFor('api:school-time-zone', { schoolId }), {
          time_zone: timeZone,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reportKey, 'email-domains'] }),
  });
}
