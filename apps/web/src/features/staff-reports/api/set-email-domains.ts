import type { schoolEmailDomainsResponse } from '@banksia/contracts/staff-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../components/request-failure';
import { urlFor } from '../../../lib/named-routes';
import { putJson, type Answer } from '../../../lib/request';
import { reportKey } from './report-filters';

/** Sets a school's email domains (PUT api:school-email-domains), then reloads the report. */
export function useSetEmailDomains() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ schoolId, domains }: { schoolId: number; domains: string[] }) =>
      unwrap(
        await putJson<Answer<typeof schoolEmailDomainsResponse>>(urlFor('api:school-email-domains', { schoolId }), {
          email_domains: domains,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reportKey, 'email-domains'] }),
  });
}
