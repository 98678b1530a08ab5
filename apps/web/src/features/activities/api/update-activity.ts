import type { activityDetailSchema, ActivityDetail, UpdateActivityBody } from '@banksia/contracts/activities';
import { urlFor } from '../../../lib/named-routes';
import { patchJson, type RequestResult, type Answer } from '../../../lib/request';

/** Sends a change made on `body.version`; a 409 means someone else saved first. Never rejects. */
export function updateActivity(
  activityId: number,
  body: UpdateActivityBody,
  opts: { keepalive?: boolean } = {},
): Promise<RequestResult<ActivityDetail>> {
  return patchJson<Answer<typeof activityDetailSchema>>(urlFor('api:activity', { activityId }), body, {
    keepalive: opts.keepalive ?? false,
  });
}
